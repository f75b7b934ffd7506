package io.kchaos.checker.share;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of a share-group history ({@code stats.share}): ops by f and outcome, acknowledgements by type and
 * outcome, deliveries, redeliveries by cause, records archived by cause, lock expiries, and records finished.
 */
final class ShareCounts {
    private final Map<String, long[]> byF = new TreeMap<>();
    private final Map<String, long[]> acks = new TreeMap<>();
    final Map<String, Long> redeliveries = new TreeMap<>(Map.of("release", 0L, "lock-expiry", 0L, "crash", 0L, "other", 0L));
    long deliveries;
    long recordsDelivered;
    long accepted;
    long archivedRejected;
    long archivedDeliveryLimit;
    /** Records last seen below the delivery limit that enough members' leaving may have taken to it unseen. */
    long archivedDeliveryLimitUnseen;
    long lockExpiries;
    long unseenDeliveries;
    long acksOfUnheld;
    long staleStartOffsets;
    long invocationsWithoutCompletion;

    void op(String f, OpType type) {
        byF.computeIfAbsent(f, k -> new long[3])[type.ordinal() - 1]++;
    }

    void ack(ShareOps.AckType type, OpType outcome) {
        acks.computeIfAbsent(type.wire(), k -> new long[3])[outcome.ordinal() - 1]++;
    }

    void redelivered(String cause) {
        redeliveries.merge(cause, 1L, Long::sum);
    }

    /** {@code {"deliveries": n, "redeliveries": {"release": n, ...}, "archived": {...}, ...}} */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("deliveries", deliveries);
        o.put("records-delivered", recordsDelivered);
        ObjectNode re = o.putObject("redeliveries");
        redeliveries.forEach(re::put);
        o.put("accepted", accepted);
        o.putObject("archived").put("rejected", archivedRejected).put("delivery-limit", archivedDeliveryLimit)
                .put("delivery-limit-unseen", archivedDeliveryLimitUnseen);
        o.put("lock-expiries", lockExpiries);
        o.put("unseen-deliveries", unseenDeliveries);
        ObjectNode a = o.putObject("acks");
        acks.forEach((t, c) -> a.putObject(t).put("ok", c[0]).put("fail", c[1]).put("info", c[2]));
        o.put("acks-of-records-not-held", acksOfUnheld);
        o.put("stale-start-offsets", staleStartOffsets);
        byF.forEach((f, c) -> o.putObject(f).put("ok", c[0]).put("fail", c[1]).put("info", c[2]));
        o.put(ResultsFields.Stats.INVOCATIONS_WITHOUT_COMPLETION, invocationsWithoutCompletion);
        return o;
    }
}
