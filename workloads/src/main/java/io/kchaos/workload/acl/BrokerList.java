package io.kchaos.workload.acl;

import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The brokers to probe: those {@code describeCluster} lists at the workload's start, asked again until it lists the
 * cluster spec's broker count or the wait passes; each probed at the address listed then for the whole run.
 */
final class BrokerList {
    private static final long POLL_MS = 250;

    private BrokerList() {
    }

    /** The listed brokers by node id; an IllegalStateException when none was listed within {@code wait}. */
    static Map<Integer, Node> read(Admin admin, int expected, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Map<Integer, Node> brokers = new TreeMap<>();
        String error = "describeCluster listed none";
        while (true) {
            try {
                brokers.clear();
                for (Node n : admin.describeCluster().nodes().get(10, TimeUnit.SECONDS)) brokers.put(n.id(), n);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                error = ErrorText.of(e);
            }
            if (!brokers.isEmpty() && brokers.size() >= expected || System.nanoTime() - deadline >= 0) break;
            Thread.sleep(POLL_MS);
        }
        if (brokers.isEmpty()) throw new IllegalStateException("acl workload: no broker to probe within " + wait.toSeconds() + " s: " + error);
        return brokers;
    }
}
