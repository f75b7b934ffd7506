package io.kchaos.harness.client;

import io.kchaos.workload.acl.AclWorkload;
import io.kchaos.workload.group.GroupWorkload;
import io.kchaos.workload.metadata.MetadataWorkload;
import io.kchaos.workload.queue.QueueWorkload;
import io.kchaos.workload.share.ShareWorkload;
import io.kchaos.workload.txn.TxnWorkload;

import java.util.Map;
import java.util.Set;

/**
 * Which workloads a {@link JavaClientRelease} ({@code --client-version}) can drive — those whose clients all come from
 * the run's {@link io.kchaos.workload.ClientKind}: queue, txn and group — and why each other one cannot.
 */
public final class ReleaseWorkloads {
    /** The workloads that run on a release. */
    public static final Set<String> DRIVEN = Set.of(QueueWorkload.NAME, TxnWorkload.NAME, GroupWorkload.NAME);
    private static final Map<String, String> WHY_NOT = Map.of(
            ShareWorkload.NAME, "its share consumers (KIP-932) are the built-in client's",
            MetadataWorkload.NAME, "it runs admin clients only, which are built in",
            AclWorkload.NAME, "it runs an admin client and probe connections of its own, which are built in");

    private ReleaseWorkloads() {
    }

    /** Why {@code --client-version} cannot run {@code workload} (as {@code --workload} names it), in one line; null when it can. */
    public static String refusal(String workload) {
        if (DRIVEN.contains(workload)) return null;
        return "--client-version runs the queue, txn and group workloads, not " + workload + " ("
                + WHY_NOT.getOrDefault(workload, "its clients are the built-in ones") + ")";
    }
}
