package io.kchaos.harness.run;

import io.kchaos.workload.common.WorkloadOption;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The {@code --workload-option}s of every workload as text, from their declarations ({@link WorkloadKind#options()}):
 * the summary in {@code run --help}, the listing of {@code kchaos workloads} and the table of docs/workloads.md.
 */
public final class WorkloadOptionTable {
    private WorkloadOptionTable() {
    }

    /** Each workload's keys with their defaults: {@code queue: in-flight=32, topics=1; txn: ...}. */
    public static String summary() {
        return Arrays.stream(WorkloadKind.values())
                .map(k -> k.workloadName() + ": " + k.options().options().stream().map(WorkloadOption::withItsDefault)
                        .collect(Collectors.joining(", ")))
                .collect(Collectors.joining("; "));
    }

    /** Each workload, then each of its options on a line: key, default, what it accepts and what it does. */
    public static String listing() {
        StringBuilder out = new StringBuilder();
        for (WorkloadKind k : WorkloadKind.values()) {
            out.append(k.workloadName()).append('\n');
            for (WorkloadOption o : k.options().options()) {
                out.append("    --workload-option ").append(o.withItsDefault()).append(": ").append(o.meaning())
                        .append(" (").append(o.type().accepted()).append(")\n");
            }
        }
        return out.toString();
    }

    /** The markdown table of docs/workloads.md: a row for each option of each workload. */
    public static String markdown() {
        StringBuilder out = new StringBuilder("| workload | option | default | accepts | what it does |\n|---|---|---|---|---|\n");
        for (WorkloadKind k : WorkloadKind.values()) {
            for (WorkloadOption o : k.options().options()) {
                out.append("| `").append(k.workloadName()).append("` | `").append(o.key()).append("` | ")
                        .append(o.defaultValue() == null ? "chosen at start" : "`" + o.defaultValue() + "`").append(" | ")
                        .append(o.type().accepted()).append(" | ").append(o.meaning()).append(" |\n");
            }
        }
        return out.toString();
    }
}
