package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The brokers the run started with, as one {@code metadata-brokers} op: the cluster spec's broker count and every broker
 * {@code describeCluster} lists at the workload's start (before any fault, once the harness saw every broker register),
 * asked again until it lists that many or {@code wait} passes. The final read must read each of them.
 */
final class BrokerRoster {
    private static final long POLL_MS = 250;

    private BrokerRoster() {
    }

    /** Records the op under {@code process}; returns the brokers listed by node id (empty when none answered: info). */
    static Map<Integer, Node> record(Admin admin, HistoryWriter history, int process, int expected, Duration wait)
            throws InterruptedException {
        ObjectNode value = Json.object().put(MetadataFields.EXPECTED, expected);
        history.invoke(process, ClientOps.METADATA_BROKERS, value);
        long deadline = System.nanoTime() + wait.toNanos();
        Map<Integer, Node> brokers = null;
        String error = null;
        while (true) {
            try {
                brokers = byId(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                history.complete(process, OpType.INFO, ClientOps.METADATA_BROKERS, value, "interrupted");
                throw e;
            } catch (Exception e) {
                error = ErrorText.of(e);
            }
            if (brokers != null && brokers.size() >= expected || System.nanoTime() - deadline >= 0) break;
            Thread.sleep(POLL_MS);
        }
        if (brokers == null) {
            history.complete(process, OpType.INFO, ClientOps.METADATA_BROKERS, value, error);
            return Map.of();
        }
        ObjectNode listed = value.deepCopy();
        ObjectNode b = listed.putObject(MetadataFields.BROKERS);
        brokers.forEach((id, n) -> b.put(String.valueOf(id), n.host() + ":" + n.port()));
        history.complete(process, OpType.OK, ClientOps.METADATA_BROKERS, listed, null);
        return brokers;
    }

    /** {@code nodes} by node id, in id order. */
    static Map<Integer, Node> byId(Collection<Node> nodes) {
        Map<Integer, Node> out = new TreeMap<>();
        for (Node n : nodes) out.put(n.id(), n);
        return out;
    }
}
