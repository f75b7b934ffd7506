package io.kchaos.workload.common;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The brokers {@code describeCluster} lists at a workload's start, asked again until it lists the cluster spec's
 * broker count or the wait passes: the last listing that answered, or the last error when none did.
 */
public final class ListedBrokers {
    private static final long POLL_MS = 250;

    /** The last listing by node id (null when none answered) and why the last ask failed (null when it answered). */
    public record Listing(Map<Integer, Node> brokers, String error) {
    }

    private ListedBrokers() {
    }

    /** Asks until {@code expected} brokers are listed or {@code wait} passes; an interrupt is thrown as it comes. */
    public static Listing await(Admin admin, int expected, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Map<Integer, Node> brokers = null;
        String error = null;
        while (true) {
            try {
                brokers = byId(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS));
                error = null;
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                error = ErrorText.of(e);
            }
            if (brokers != null && brokers.size() >= expected || System.nanoTime() - deadline >= 0) return new Listing(brokers, error);
            Thread.sleep(POLL_MS);
        }
    }

    /** {@code nodes} by node id, in id order. */
    public static Map<Integer, Node> byId(Collection<Node> nodes) {
        Map<Integer, Node> out = new TreeMap<>();
        for (Node n : nodes) out.put(n.id(), n);
        return out;
    }
}
