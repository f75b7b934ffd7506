package io.kchaos.workload.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code --workload-option}s one workload declares, in the order it documents them: the one place its keys,
 * defaults and accepted values live. {@link #check} refuses an unknown key or a bad value in one line; {@link #read}
 * gives the workload its values.
 */
public record WorkloadOptionSet(String workload, List<WorkloadOption> options) {
    public WorkloadOptionSet {
        options = List.copyOf(options);
    }

    public static WorkloadOptionSet of(String workload, WorkloadOption... options) {
        return new WorkloadOptionSet(workload, List.of(options));
    }

    /** The declared option of that key, if any. */
    public Optional<WorkloadOption> option(String key) {
        return options.stream().filter(o -> o.key().equals(key)).findFirst();
    }

    /** The keys, sorted. */
    public List<String> keys() {
        return options.stream().map(WorkloadOption::key).sorted().toList();
    }

    /**
     * Checks every given value against its declaration.
     *
     * @throws IllegalArgumentException (one line) naming the first unknown key and the known ones, or the first bad value
     *                                  and what its key accepts
     */
    public void check(Map<String, String> values) {
        values.forEach((key, value) -> {
            WorkloadOption o = option(key).orElseThrow(() -> new IllegalArgumentException("unknown option '" + key + "' for workload "
                    + workload + "; known: " + String.join(", ", keys())));
            parsed(o, value);
        });
    }

    /** The values, checked ({@link #check}), for the workload to read by their declarations. */
    public WorkloadOptions read(Map<String, String> values) {
        check(values);
        return new WorkloadOptions(this, new LinkedHashMap<>(values));
    }

    /** The value as {@code o}'s type reads it; the one-line refusal otherwise. */
    Object parsed(WorkloadOption o, String value) {
        return o.type().parse(value).orElseThrow(() -> new IllegalArgumentException(workload + " option " + o.key() + " must be "
                + o.type().accepted() + ", not '" + value + "'"));
    }
}
