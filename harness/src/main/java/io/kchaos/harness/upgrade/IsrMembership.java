package io.kchaos.harness.upgrade;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Whether a restarted node is back in service: registered with the cluster and in the ISR of every partition it is a
 * replica of (internal topics included), asked of the cluster with the Admin API.
 */
final class IsrMembership {
    private static final long CALL_TIMEOUT_S = 10;
    private static final int ANY = -1;

    private IsrMembership() {
    }

    /**
     * Polls until the node's process started at {@code sinceMillis} (wall clock) is back: it has caught up with the
     * KRaft quorum's log since then (so the new process, not a stale record of the old one, answers), and it is in
     * every ISR it belongs to. False at the deadline or on interrupt.
     */
    static boolean awaitBack(Admin admin, int node, long sinceMillis, Duration timeout) {
        return poll(() -> caughtUpSince(admin, node, sinceMillis) && inEveryIsr(admin, node), timeout);
    }

    /** True when the quorum leader saw the node caught up with its log at or after {@code sinceMillis}. */
    static boolean caughtUpSince(Admin admin, int node, long sinceMillis) {
        try {
            QuorumInfo quorum = admin.describeMetadataQuorum().quorumInfo().get(CALL_TIMEOUT_S, TimeUnit.SECONDS);
            return quorum.voters().stream().anyMatch(v -> v.replicaId() == node && v.lastCaughtUpTimestamp().orElse(-1) >= sinceMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception notNow) {
            return false;
        }
    }

    /** Polls until every replica of every partition is in its ISR (no under-replicated partition); false at the deadline. */
    static boolean awaitFull(Admin admin, Duration timeout) {
        return poll(() -> inEveryIsr(admin, ANY), timeout);
    }

    private static boolean poll(BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) return true;
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /**
     * True when the node is a live broker and in the ISR of each partition that lists it as a replica ({@link #ANY}:
     * every replica of every partition); false when the cluster cannot tell right now.
     */
    static boolean inEveryIsr(Admin admin, int node) {
        try {
            Collection<Node> brokers = admin.describeCluster().nodes().get(CALL_TIMEOUT_S, TimeUnit.SECONDS);
            if (node != ANY && brokers.stream().noneMatch(b -> b.id() == node)) return false;
            Set<String> topics = admin.listTopics(new ListTopicsOptions().listInternal(true)).names().get(CALL_TIMEOUT_S, TimeUnit.SECONDS);
            for (TopicDescription t : admin.describeTopics(topics).allTopicNames().get(CALL_TIMEOUT_S, TimeUnit.SECONDS).values()) {
                for (TopicPartitionInfo p : t.partitions()) {
                    for (Node r : p.replicas()) {
                        if ((node == ANY || r.id() == node) && p.isr().stream().noneMatch(i -> i.id() == r.id())) return false;
                    }
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception notNow) {
            return false;
        }
    }
}
