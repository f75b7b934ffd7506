package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.ListedBrokers;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.Map;

/**
 * The brokers the run started with, as one {@code metadata-brokers} op: the cluster spec's broker count and every broker
 * {@code describeCluster} lists at the workload's start (before any fault, once the harness saw every broker register),
 * asked again until it lists that many or {@code wait} passes ({@link ListedBrokers}). The final read must read each of them.
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
        ListedBrokers.Listing listing;
        try {
            listing = ListedBrokers.await(admin, expected, wait);
        } catch (InterruptedException e) {
            history.complete(process, OpType.INFO, ClientOps.METADATA_BROKERS, value, "interrupted");
            throw e;
        }
        Map<Integer, Node> brokers = listing.brokers();
        if (brokers == null) {
            history.complete(process, OpType.INFO, ClientOps.METADATA_BROKERS, value, listing.error());
            return Map.of();
        }
        ObjectNode listed = value.deepCopy();
        ObjectNode b = listed.putObject(MetadataFields.BROKERS);
        brokers.forEach((id, n) -> b.put(String.valueOf(id), n.host() + ":" + n.port()));
        history.complete(process, OpType.OK, ClientOps.METADATA_BROKERS, listed, null);
        return brokers;
    }
}
