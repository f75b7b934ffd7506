package io.kchaos.harness.run;

import io.kchaos.checker.Checker;
import io.kchaos.checker.acl.AclChecker;
import io.kchaos.checker.ComposedChecker;
import io.kchaos.checker.availability.AvailabilityChecker;
import io.kchaos.checker.group.GroupChecker;
import io.kchaos.checker.metadata.MetadataChecker;
import io.kchaos.checker.queue.QueueChecker;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.checker.share.ShareChecker;
import io.kchaos.checker.txn.TxnChecker;
import io.kchaos.cluster.version.VersionProfile;
import io.kchaos.history.ClientOps;
import io.kchaos.workload.Workload;
import io.kchaos.workload.acl.AclWorkload;
import io.kchaos.workload.group.GroupWorkload;
import io.kchaos.workload.metadata.MetadataWorkload;
import io.kchaos.workload.queue.QueueWorkload;
import io.kchaos.workload.share.ShareWorkload;
import io.kchaos.workload.txn.TxnWorkload;

import io.kchaos.workload.common.WorkloadOptionSet;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one table of the workloads kchaos knows: each one's name ({@code --workload}, run.json), how it is made, the
 * {@code --workload-option}s it declares, the checkers that judge its histories (availability where there are plain sends), and the op names only its histories
 * hold (how {@code check} tells an unlabelled history's workload; a history with none of them is a queue history).
 */
public enum WorkloadKind {
    QUEUE(QueueWorkload.NAME, QueueWorkload::new, QueueWorkload.OPTIONS, r -> List.of(new QueueChecker(r), new AvailabilityChecker()), Set.of()),
    TXN(TxnWorkload.NAME, TxnWorkload::new, TxnWorkload.OPTIONS, r -> List.of(new TxnChecker(r)), ClientOps.TXN_OPS),
    GROUP(GroupWorkload.NAME, GroupWorkload::new, GroupWorkload.OPTIONS, r -> List.of(new GroupChecker(r), new AvailabilityChecker()),
            Set.of(ClientOps.SUBSCRIBE, ClientOps.COMMIT, ClientOps.COMMITTED, ClientOps.CATCH_UP, ClientOps.CRASH, ClientOps.CLOSE, ClientOps.RESET)),
    SHARE(ShareWorkload.NAME, ShareWorkload::new, ShareWorkload.OPTIONS, r -> List.of(new ShareChecker(r), new AvailabilityChecker()), ClientOps.SHARE),
    METADATA(MetadataWorkload.NAME, MetadataWorkload::new, MetadataWorkload.OPTIONS, r -> List.of(new MetadataChecker()), ClientOps.METADATA),
    ACL(AclWorkload.NAME, AclWorkload::new, AclWorkload.OPTIONS, r -> List.of(new AclChecker()), ClientOps.ACL);

    private final String workloadName;
    private final Supplier<Workload> factory;
    private final WorkloadOptionSet options;
    private final Function<Optional<RetentionPolicy>, List<Checker>> checkers;
    private final Set<String> ownOps;

    WorkloadKind(String workloadName, Supplier<Workload> factory, WorkloadOptionSet options,
                 Function<Optional<RetentionPolicy>, List<Checker>> checkers, Set<String> ownOps) {
        this.workloadName = workloadName;
        this.factory = factory;
        this.options = options;
        this.checkers = checkers;
        this.ownOps = ownOps;
    }

    /** The known names, sorted. */
    public static List<String> names() {
        return Arrays.stream(values()).map(k -> k.workloadName).sorted().toList();
    }

    /** The workload of that name, if kchaos knows it. */
    public static Optional<WorkloadKind> named(String name) {
        return Arrays.stream(values()).filter(k -> k.workloadName.equals(name)).findFirst();
    }

    /** Why this workload cannot run on Kafka {@code version}, or null: share groups (KIP-932) are there from 4.2. */
    public String refusedOn(String version) {
        if (this == SHARE && !VersionProfile.of(version).hasShareAndStreamsFeatures()) {
            return "the share workload needs share groups (KIP-932, Kafka 4.2 or later); Kafka " + version + " has none";
        }
        return null;
    }

    /** The workload of that name; an IllegalArgumentException of one line naming the known ones otherwise. */
    public static WorkloadKind of(String name) {
        return named(name).orElseThrow(() -> new IllegalArgumentException("unknown workload '" + name + "'; known: " + names()));
    }

    /** The workload whose histories alone hold ops named {@code f}, if any. */
    static Optional<WorkloadKind> owningOp(String f) {
        return Arrays.stream(values()).filter(k -> k.ownOps.contains(f)).findFirst();
    }

    public String workloadName() {
        return workloadName;
    }

    /** The {@code --workload-option}s this workload declares. */
    public WorkloadOptionSet options() {
        return options;
    }

    /** A new workload of this kind. */
    public Workload create() {
        return factory.get();
    }

    /** Every check of this workload's history that needs only the history, with no retention policy known. */
    public Checker historyChecker() {
        return historyChecker(Optional.empty());
    }

    /** Every check of this workload's history that needs only the history and the run's retention policy. */
    public Checker historyChecker(Optional<RetentionPolicy> retention) {
        return new ComposedChecker(checkers(retention));
    }

    /** New instances of the checkers of {@link #historyChecker}. */
    List<Checker> checkers(Optional<RetentionPolicy> retention) {
        return checkers.apply(retention);
    }
}
