package io.kchaos.workload.common;

import java.util.Map;
import java.util.Optional;

/**
 * A workload's {@code --workload-option KEY=VALUE} values, checked by its {@link WorkloadOptionSet} and read through
 * its declarations: a value not given is the declared default, and reading an option the set does not declare is an
 * IllegalStateException (a workload reads only what its help and docs name).
 */
public final class WorkloadOptions {
    private final WorkloadOptionSet declared;
    private final Map<String, String> values;

    WorkloadOptions(WorkloadOptionSet declared, Map<String, String> values) {
        this.declared = declared;
        this.values = Map.copyOf(values);
    }

    /** A number option's value. */
    public double number(WorkloadOption o) {
        return ((Number) value(o, WorkloadOption.Type.Kind.NUMBER)).doubleValue();
    }

    /** A whole-number option's value. */
    public int whole(WorkloadOption o) {
        return ((Number) value(o, WorkloadOption.Type.Kind.WHOLE)).intValue();
    }

    /** A word option's value, or its default (empty when the workload chooses at start). */
    public Optional<String> word(WorkloadOption o) {
        return Optional.ofNullable((String) value(o, WorkloadOption.Type.Kind.WORD));
    }

    private Object value(WorkloadOption o, WorkloadOption.Type.Kind kind) {
        if (!declared.options().contains(o)) {
            throw new IllegalStateException("workload " + declared.workload() + " reads option " + o.key() + ", which it does not declare");
        }
        if (o.type().kind() != kind) throw new IllegalStateException(o.key() + " is a " + o.type().kind() + " option, not " + kind);
        String v = values.getOrDefault(o.key(), o.defaultValue());
        return v == null ? null : declared.parsed(o, v);
    }
}
