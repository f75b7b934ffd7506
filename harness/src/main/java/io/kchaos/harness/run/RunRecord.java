package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.folder.RunJson;
import io.kchaos.cluster.install.BuildInfo;
import io.kchaos.history.FormatVersion;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.Json;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.secret.SecretSettings;

import io.kchaos.workload.common.ClientConfigs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * run.json: the full resolved configuration, seed, Kafka version and jar set, broker settings, start-up time and
 * duration; secret settings' values are {@link SecretSettings#REDACTED}.
 */
public final class RunRecord {
    private final ObjectNode json = Json.object();
    private final RunFolder folder;
    private final RunConfig config;

    public RunRecord(RunConfig c, RunFolder folder) {
        this.config = c;
        this.folder = folder;
        json.put(RunFields.FORMAT, FormatVersion.CURRENT);
        json.put(RunFields.KCHAOS_VERSION, BuildInfo.current().version());
        json.put(RunFields.NAME, c.name());
        json.put(RunFields.COMMAND, c.command());
        json.put(RunFields.SCENARIO, c.scenario());
        for (RunOption o : RunOption.values()) {
            if (o.recordedFromConfig()) json.set(o.runJsonField().orElseThrow(), Json.MAPPER.valueToTree(o.recordedValue(c)));
        }
        json.put(RunFields.STARTED_AT, Instant.now().toString());
    }

    private void putMap(String key, Map<String, String> m) {
        ObjectNode o = json.putObject(key);
        SecretSettings.redacted(m).forEach(o::put);
    }

    public String kafkaVersion() {
        return json.path(RunFields.KAFKA_VERSION).asText("?");
    }

    /**
     * Records the cluster about to start: version, jars, resolved broker settings, hosts, the topic configs and the
     * retention policy the workload's topics will be created with ({@code topic-config}, {@code topic-retention}), and a
     * tiered run's bucket ({@code tiered-bucket}).
     */
    public void cluster(KafkaCluster cluster) {
        json.put(RunFields.KAFKA_VERSION, cluster.kafkaVersion());
        cluster.software().forEach((k, v) -> json.set(k, Json.MAPPER.valueToTree(v)));
        putMap(RunFields.BROKER_SETTINGS, cluster.brokerSettings());
        effectiveSettings(cluster.brokerSettings());
        putMap(RunFields.TOPIC_CONFIG, config.topicConfig());
        RetentionSettings.effective(cluster.brokerSettings(), config.topicConfig())
                .ifPresent(r -> json.set(RunFields.TOPIC_RETENTION, r.toJson()));
        if (config.cluster().tiered()) json.put(RunFields.TIERED_BUCKET, folder.files().bucket().toString());
        json.put(RunFields.BACKEND, cluster.describe());
        write();
    }

    /**
     * {@code effective-settings}: every broker, producer and consumer setting in force, each with where it came from
     * (user, scenario, kchaos). Client settings are the workload's common ones; a workload adds its own on top
     * (transactional.id, group.id and the group's timeouts, read_committed).
     */
    private void effectiveSettings(Map<String, String> broker) {
        ObjectNode eff = json.putObject(RunFields.EFFECTIVE_SETTINGS);
        SettingOrigins o = config.origins();
        putSources(eff.putObject(RunFields.Setting.BROKER), broker, o.userBroker(), config.cluster().brokerConfig());
        putSources(eff.putObject(RunFields.Setting.PRODUCER), clientSettings(ClientConfigs.producer("", "", config.clients().producerConfig())),
                o.userProducer(), config.clients().producerConfig());
        putSources(eff.putObject(RunFields.Setting.CONSUMER), clientSettings(ClientConfigs.consumer("", "", config.clients().consumerConfig())),
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
        new TreeMap<>(effective).forEach((k, v) -> into.putObject(k).put(RunFields.Setting.VALUE, SecretSettings.shown(k, v))
                .put(RunFields.Setting.FROM, SettingOrigins.of(k, user, given).wire()));
    }

    /** Records the started cluster's id, node addresses and start-up seconds. */
    public void startup(double seconds, KafkaCluster cluster) {
        json.put(RunFields.STARTUP_SECONDS, Math.round(seconds * 100) / 100.0);
        Map<String, Double> phases = cluster.startupPhases();
        if (!phases.isEmpty()) {
            ObjectNode p = json.putObject(RunFields.STARTUP_PHASES);
            phases.forEach((k, v) -> p.put(k, Double.isNaN(v) ? null : Math.round(v * 100) / 100.0));
        }
        json.put(RunFields.CLUSTER_ID, cluster.clusterId());
        ObjectNode nodes = json.putObject(RunFields.NODE_ADDRESSES);
        cluster.nodeAddresses().forEach((id, a) -> nodes.put(Integer.toString(id), a));
        ObjectNode roles = json.putObject(RunJson.NODE_ROLES);
        cluster.nodeIds().forEach(id -> roles.put(Integer.toString(id), cluster.role(id).processRoles()));
        cluster.controllerIds().forEach(id -> roles.put(Integer.toString(id), cluster.role(id).processRoles()));
        write();
    }

    /** Records one more section of the run (e.g. {@code upgrade}: the node versions over time). */
    public void section(String key, JsonNode value) {
        json.set(key, value);
        write();
    }

    /** Records {@code end-phases}: the seconds of each step from the time limit to the verdict. */
    public void endPhases(Map<String, Double> seconds) {
        ObjectNode p = json.putObject(RunFields.END_PHASES);
        seconds.forEach(p::put);
        write();
    }

    public void duration(double seconds) {
        json.put(RunFields.DURATION_SECONDS, Math.round(seconds * 10) / 10.0);
        write();
    }

    public void finish() {
        json.put(RunFields.FINISHED_AT, Instant.now().toString());
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
