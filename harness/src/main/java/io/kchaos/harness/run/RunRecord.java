package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.cluster.install.BuildInfo;
import io.kchaos.history.FormatVersion;
import io.kchaos.history.Json;
import io.kchaos.cluster.KafkaCluster;

import io.kchaos.workload.common.ClientConfigs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;

/** run.json: the full resolved configuration, seed, Kafka version and jar set, broker settings, start-up time and duration. */
public final class RunRecord {
    private final ObjectNode json = Json.object();
    private final RunFolder folder;
    private final RunConfig config;

    public RunRecord(RunConfig c, RunFolder folder) {
        this.config = c;
        this.folder = folder;
        json.put(FormatVersion.FIELD, FormatVersion.CURRENT);
        json.put("kchaos-version", BuildInfo.current().version());
        json.put("name", c.name());
        json.put("command", c.command());
        json.put("scenario", c.scenario());
        for (RunOption o : RunOption.values()) {
            if (o.recordedFromConfig()) json.set(o.runJsonField().orElseThrow(), Json.MAPPER.valueToTree(o.recordedValue(c)));
        }
        json.put("started-at", Instant.now().toString());
    }

    private void putMap(String key, Map<String, String> m) {
        ObjectNode o = json.putObject(key);
        m.forEach(o::put);
    }

    public String kafkaVersion() {
        return json.path("kafka-version").asText("?");
    }

    /** Records the cluster about to start: version, jars, resolved broker settings, hosts. */
    public void cluster(KafkaCluster cluster) {
        json.put("kafka-version", cluster.kafkaVersion());
        cluster.software().forEach((k, v) -> json.set(k, Json.MAPPER.valueToTree(v)));
        putMap("broker-settings", cluster.brokerSettings());
        effectiveSettings(cluster.brokerSettings());
        json.put("backend", cluster.describe());
        write();
    }

    /**
     * {@code effective-settings}: every broker, producer and consumer setting in force, each with where it came from
     * (user, scenario, kchaos). Client settings are the workload's common ones; a workload adds its own on top
     * (transactional.id, group.id and the group's timeouts, read_committed).
     */
    private void effectiveSettings(Map<String, String> broker) {
        ObjectNode eff = json.putObject("effective-settings");
        SettingOrigins o = config.origins();
        putSources(eff.putObject("broker"), broker, o.userBroker(), config.cluster().brokerConfig());
        putSources(eff.putObject("producer"), clientSettings(ClientConfigs.producer("", "", config.clients().producerConfig())),
                o.userProducer(), config.clients().producerConfig());
        putSources(eff.putObject("consumer"), clientSettings(ClientConfigs.consumer("", "", config.clients().consumerConfig())),
                o.userConsumer(), config.clients().consumerConfig());
    }

    private static Map<String, String> clientSettings(Map<String, Object> all) {
        Map<String, String> out = new TreeMap<>();
        all.forEach((k, v) -> {
            if (!k.equals(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG) && !k.equals(CommonClientConfigs.CLIENT_ID_CONFIG)) out.put(k, String.valueOf(v));
        });
        return out;
    }

    private static void putSources(ObjectNode into, Map<String, String> effective, Set<String> user, Map<String, String> given) {
        new TreeMap<>(effective).forEach((k, v) -> into.putObject(k).put("value", v)
                .put("from", SettingOrigins.of(k, user, given).wire()));
    }

    /** Records the started cluster's id, node addresses and start-up seconds. */
    public void startup(double seconds, KafkaCluster cluster) {
        json.put("startup-seconds", Math.round(seconds * 100) / 100.0);
        Map<String, Double> phases = cluster.startupPhases();
        if (!phases.isEmpty()) {
            ObjectNode p = json.putObject("startup-phases");
            phases.forEach((k, v) -> p.put(k, Double.isNaN(v) ? null : Math.round(v * 100) / 100.0));
        }
        json.put("cluster-id", cluster.clusterId());
        ObjectNode nodes = json.putObject("node-addresses");
        cluster.nodeAddresses().forEach((id, a) -> nodes.put(Integer.toString(id), a));
        write();
    }

    /** Records one more section of the run (e.g. {@code upgrade}: the node versions over time). */
    public void section(String key, JsonNode value) {
        json.set(key, value);
        write();
    }

    public void duration(double seconds) {
        json.put("duration-seconds", Math.round(seconds * 10) / 10.0);
        write();
    }

    public void finish() {
        json.put("finished-at", Instant.now().toString());
        write();
    }

    public void write() {
        try {
            Json.PRETTY.writeValue(folder.runJson().toFile(), json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + folder.runJson(), e);
        }
    }
}
