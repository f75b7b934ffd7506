package io.kchaos.harness.run;

import io.kchaos.checker.Checker;
import io.kchaos.checker.ComposedChecker;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.workload.Workload;
import io.kchaos.workload.common.CompositeWorkload;
import io.kchaos.workload.metadata.MetadataWorkload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The workload(s) of one run as {@code --workload} names them: one workload ({@code queue}), or a data workload beside
 * the metadata workload ({@code queue,metadata}), so that one fault schedule judges data and metadata. The metadata
 * workload's history processes then start at {@value #METADATA_FIRST_PROCESS}, apart from the data workload's.
 */
public record WorkloadMix(WorkloadKind data, boolean withMetadata) {
    static final int METADATA_FIRST_PROCESS = 1 << 30;

    /** The mix {@code name} names; an IllegalArgumentException of one line otherwise. */
    public static WorkloadMix of(String name) {
        List<String> names = List.of(name.split(",", -1));
        if (names.size() == 1) return new WorkloadMix(WorkloadKind.of(name), false);
        List<WorkloadKind> kinds = new ArrayList<>();
        for (String n : names) kinds.add(WorkloadKind.of(n.strip()));
        if (kinds.size() != 2 || kinds.get(1) != WorkloadKind.METADATA || kinds.get(0) == WorkloadKind.METADATA) {
            throw new IllegalArgumentException("workloads combine as DATA,metadata (e.g. queue,metadata), not '" + name + "'");
        }
        return new WorkloadMix(kinds.get(0), true);
    }

    /** The mix {@code name} names, if it is one. */
    public static Optional<WorkloadMix> named(String name) {
        try {
            return Optional.of(of(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The name as run.json and {@code --workload} write it. */
    public String name() {
        return withMetadata ? data.workloadName() + "," + WorkloadKind.METADATA.workloadName() : data.workloadName();
    }

    /**
     * Checks {@code --workload-option}s against the declarations: alone, the kind's; in a mix, the unprefixed keys (or
     * {@code DATA.key}) against the data workload's and {@code metadata.key} against the metadata workload's.
     *
     * @throws IllegalArgumentException (one line) naming the first unknown key or bad value
     */
    public void checkOptions(Map<String, String> values) {
        if (!withMetadata) {
            data.options().check(values);
            return;
        }
        String metadata = WorkloadKind.METADATA.workloadName();
        for (String key : values.keySet()) {
            int dot = key.indexOf('.');
            String prefix = dot > 0 ? key.substring(0, dot) : null;
            if (prefix != null && !prefix.equals(metadata) && !prefix.equals(data.workloadName())) {
                throw new IllegalArgumentException("workload option '" + key + "': in " + name() + " a key is KEY (for " + data.workloadName()
                        + ") or " + metadata + ".KEY");
            }
        }
        data.options().check(CompositeWorkload.optionsOf(values, data.workloadName(), true));
        WorkloadKind.METADATA.options().check(CompositeWorkload.optionsOf(values, metadata, false));
    }

    /** True when the nodes must run an authorizer ({@code AclAuthorizer}): the acl workload changes and probes ACLs. */
    public boolean authorizer() {
        return data == WorkloadKind.ACL;
    }

    /** Why it cannot run on Kafka {@code version}, or null. */
    public String refusedOn(String version) {
        String refused = data.refusedOn(version);
        return refused != null || !withMetadata ? refused : WorkloadKind.METADATA.refusedOn(version);
    }

    /** A new workload: the one kind, or both in one ({@link CompositeWorkload}). */
    public Workload create() {
        if (!withMetadata) return data.create();
        return new CompositeWorkload(List.of(data.create(), new MetadataWorkload(METADATA_FIRST_PROCESS)));
    }

    /** Every check of the mix's history that needs only the history, with no retention policy known. */
    public Checker historyChecker() {
        return historyChecker(Optional.empty());
    }

    /**
     * Every check of the mix's history that needs only the history and the run's retention policy (run.json's
     * {@code topic-retention}): each kind's checkers over one shared read.
     */
    public Checker historyChecker(Optional<RetentionPolicy> retention) {
        if (!withMetadata) return data.historyChecker(retention);
        List<Checker> all = new ArrayList<>(data.checkers(retention));
        all.addAll(WorkloadKind.METADATA.checkers(retention));
        return new ComposedChecker(all);
    }
}
