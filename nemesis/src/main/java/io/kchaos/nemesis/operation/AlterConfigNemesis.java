package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.HealOnce;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.OperationsView.TopicConfig;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code alter-config}: a live change of one of the topic's configs ({@code alter-config=KEY=VALUE}, by default
 * {@code min.insync.replicas=3}) with {@code Admin.incrementalAlterConfigs}, held once every broker hosting a replica of
 * the topic reports the new value, each asked alone; the heal ({@code restore-config}) puts back the value before, or
 * removes the topic's override when it had none, and is held once every such broker reports that.
 */
public final class AlterConfigNemesis implements FaultInjector {
    private final String key;
    private final String value;

    public AlterConfigNemesis(NemesisOptions options) {
        String setting = options.text(NemesisSettings.ALTER_CONFIG.key());
        int eq = setting == null ? -1 : setting.indexOf('=');
        if (eq <= 0 || eq == setting.length() - 1) {
            throw new IllegalArgumentException("--nemesis-option " + NemesisSettings.ALTER_CONFIG.key() + " must be KEY=VALUE (a topic config), not '"
                    + setting + "'");
        }
        this.key = setting.substring(0, eq).trim();
        this.value = setting.substring(eq + 1).trim();
    }

    @Override
    public Fault inject(NemesisContext ctx) {
        Optional<TopicConfig> before = ctx.operations().topicConfig(key);
        if (before.isEmpty() || Objects.equals(before.get().value(), value)) return Fault.NONE;
        TopicConfig was = before.get();
        ObjectNode v = Json.object();
        v.put(OperationFields.CONFIG, key);
        v.put(OperationFields.FROM, was.value());
        v.put(OperationFields.TO, value);
        v.put("from-override", was.override());
        ctx.recorder().record(NemesisOps.ALTER_CONFIG.f(), v, () -> set(ctx, value, value, v));
        ObjectNode back = v.deepCopy();
        back.remove(OperationFields.REPORTED_BY);
        return new HealOnce("topic config " + key + " " + was.value() + " -> " + value, () ->
                ctx.recorder().record(NemesisOps.RESTORE_CONFIG, back, () -> set(ctx, was.override() ? was.value() : null, was.value(), back)));
    }

    /**
     * Sets the config ({@code null}: removes the topic's override) and waits until every broker hosting a replica of the
     * topic reports {@code expected}, each asked alone; records those brokers as {@code reported-by}.
     */
    private void set(NemesisContext ctx, String setTo, String expected, ObjectNode into) {
        ctx.operations().setTopicConfig(key, setTo);
        Reported seen = EffectWait.until("topic config " + key + "=" + expected + " on every broker hosting the topic",
                () -> Reported.read(ctx, key), r -> r.all(expected), Reported::toString);
        seen.hosts().forEach(into.putArray(OperationFields.REPORTED_BY)::add);
    }

    /** The brokers hosting a replica of the topic, as the metadata lists them, and the config's value each one reported. */
    private record Reported(Set<Integer> hosts, Map<Integer, TopicConfig> configs) {
        static Reported read(NemesisContext ctx, String key) {
            Set<Integer> hosts = new TreeSet<>();
            for (int p = 0; p < ctx.topic().partitions(); p++) hosts.addAll(ctx.topic().replicas(p));
            return new Reported(hosts, ctx.operations().topicConfigOn(hosts, key));
        }

        boolean all(String expected) {
            return !hosts.isEmpty() && hosts.stream().allMatch(b -> configs.containsKey(b) && Objects.equals(configs.get(b).value(), expected));
        }

        @Override
        public String toString() {
            return hosts.isEmpty() ? "no broker hosting the topic known" : hosts.stream()
                    .map(b -> "broker " + b + ": " + (configs.containsKey(b) ? configs.get(b).value() : "no answer")).toList().toString();
        }
    }
}
