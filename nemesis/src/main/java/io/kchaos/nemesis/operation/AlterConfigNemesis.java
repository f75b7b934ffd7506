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
import io.kchaos.nemesis.cluster.OperationsView.TopicConfig;

import java.util.Objects;
import java.util.Optional;

/**
 * {@code alter-config}: a live change of one of the topic's configs ({@code alter-config=KEY=VALUE}, by default
 * {@code min.insync.replicas=3}) made by {@link TopicConfigChange}, held once every broker hosting a replica of the topic
 * reports the new value, each asked alone; the heal ({@code restore-config}) puts back the value before, or removes the
 * topic's override when it had none, and is held once every such broker reports that.
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
        v.put(OperationFields.FROM_OVERRIDE, was.override());
        ctx.recorder().record(NemesisOps.ALTER_CONFIG.f(), v, () -> TopicConfigChange.alter(ctx, v));
        ObjectNode back = v.deepCopy();
        back.remove(OperationFields.REPORTED_BY);
        return new HealOnce("topic config " + key + " " + was.value() + " -> " + value, () ->
                ctx.recorder().record(NemesisOps.RESTORE_CONFIG, back, () -> TopicConfigChange.restore(ctx, back, back)));
    }
}
