package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.OperationsView.TopicConfig;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A change of one of the workload topic's configs as {@code alter-config} and its {@code restore-config} record it, made
 * from their op's value ({@code config}, {@code from}, {@code to}, {@code from-override}) by the nemesis and by a replay
 * alike: asked with {@code Admin.incrementalAlterConfigs}, held once every broker hosting a replica of the topic, each
 * asked alone, reports the value ({@code reported-by}).
 */
public final class TopicConfigChange {
    private TopicConfigChange() {
    }

    /** Sets the value's {@code config} to its {@code to}; adds {@code reported-by}. */
    public static void alter(NemesisContext ctx, ObjectNode value) {
        String to = value.path(OperationFields.TO).asText();
        set(ctx, value.path(OperationFields.CONFIG).asText(), to, to, value);
    }

    /**
     * Undoes the change {@code altered} records: puts back its {@code from}, or removes the topic's override when
     * {@code from-override} was false; adds {@code reported-by} to {@code into}, the restore's value.
     */
    public static void restore(NemesisContext ctx, JsonNode altered, ObjectNode into) {
        JsonNode before = altered.path(OperationFields.FROM);
        String from = before.isMissingNode() || before.isNull() ? null : before.asText();
        boolean override = altered.path(OperationFields.FROM_OVERRIDE).asBoolean();
        set(ctx, altered.path(OperationFields.CONFIG).asText(), override ? from : null, from, into);
    }

    /**
     * Sets the config ({@code null}: removes the topic's override) and waits until every broker hosting a replica of the
     * topic reports {@code expected}, each asked alone, within the context's {@code effectBound}; records those brokers as {@code reported-by}.
     */
    private static void set(NemesisContext ctx, String key, String setTo, String expected, ObjectNode into) {
        ctx.operations().setTopicConfig(key, setTo);
        Reported seen = EffectWait.until("topic config " + key + "=" + expected + " on every broker hosting the topic", ctx.effectBound(),
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
