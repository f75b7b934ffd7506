package io.kchaos.checker.share;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges each record's deliveries once the whole history is read: delivery counts (share-delivery-count), a second
 * holder inside a valid lock (share-concurrent-hold), deliveries after a taken accept or reject, records the broker
 * counts done that the group never finished (share-lost) and records the final drain left unfinished
 * (share-not-final); then writes {@code stats.share}.
 */
final class ShareJudge {
    /**
     * How much earlier than the first holder's lock could expire the second delivery must complete to count as
     * concurrent: the history's times and the broker's lock timers run on one machine's clocks, so this covers the
     * broker's timer granularity and request latency, not a clock skew between machines.
     */
    static final long SKEW_MARGIN_NANOS = 1_000_000_000L;

    private final SharePass pass;
    private final QueueLedger ledger;
    private final CheckResult result;

    ShareJudge(SharePass pass, QueueLedger ledger, CheckResult result) {
        this.pass = pass;
        this.ledger = ledger;
        this.result = result;
    }

    void judge() {
        pass.deliveries.forEach(this::record);
        pass.caughtUp.forEach(this::finalState);
        ObjectNode share = pass.counts.toJson();
        share.put("lock-ms", pass.lockMs);
        share.put("delivery-limit", pass.deliveryLimit);
        share.putArray("partitions-caught-up").addAll(pass.caughtUp.keySet().stream().map(Json.MAPPER.getNodeFactory()::numberNode).toList());
        result.stats().set(ResultsFields.Stats.SHARE, share);
        warnings();
    }

    private void record(SharePass.Pos pos, List<Delivery> ds) {
        ShareCounts c = pass.counts;
        c.recordsDelivered++;
        Delivery finishing = null;
        DeliveryCounts counts = new DeliveryCounts(ds);
        c.unseenDeliveries += counts.unseen();
        for (int i = 0; i < ds.size(); i++) {
            Delivery d = ds.get(i);
            if (d.lockExpired()) c.lockExpiries++;
            if (pass.deliveryLimit > 0 && d.count > pass.deliveryLimit) {
                ObjectNode o = at(pos).put("kind", "over-limit").put("index", d.index).put("process", d.process)
                        .put("delivery-count", d.count).put("limit", pass.deliveryLimit);
                result.anomaly(Anomalies.SHARE_DELIVERY_COUNT.key(), o);
            }
            if (i > 0) {
                c.redelivered(ds.get(i - 1).endedBy());
                backwards(pos, counts.highestCompletedBefore(i), d);
                if (finishing != null && d.acquiredAfter > finishing.ackTime) afterFinal(pos, finishing, d);
                concurrent(pos, ds.subList(0, i), d);
            }
            if (finishing == null && (d.acked(ShareOps.AckType.ACCEPT, false) || d.acked(ShareOps.AckType.REJECT, false))) finishing = d;
        }
        Delivery last = ds.get(ds.size() - 1);
        if (ds.stream().anyMatch(d -> d.acked(ShareOps.AckType.ACCEPT, false))) c.accepted++;
        else if (ds.stream().anyMatch(d -> d.acked(ShareOps.AckType.REJECT, false))) c.archivedRejected++;
        else if (pass.deliveryLimit > 0 && last.count >= pass.deliveryLimit && last.ack != ShareOps.AckType.ACCEPT) c.archivedDeliveryLimit++;
    }

    /** A delivery must not have a lower count than any whose poll completed before it was acquired (the highest, e). */
    private void backwards(SharePass.Pos pos, Delivery e, Delivery d) {
        if (e == null || d.count >= e.count) return;
        ObjectNode o = at(pos).put("kind", "backwards").put("index", d.index).put("process", d.process)
                .put("delivery-count", d.count).put("previous-index", e.index).put("previous-delivery-count", e.count);
        result.anomaly(Anomalies.SHARE_DELIVERY_COUNT.key(), o);
    }

    private void afterFinal(SharePass.Pos pos, Delivery finished, Delivery d) {
        AnomalyType t = finished.ack == ShareOps.AckType.ACCEPT ? Anomalies.SHARE_REDELIVERED_AFTER_ACCEPT : Anomalies.SHARE_REDELIVERED_AFTER_REJECT;
        ObjectNode o = at(pos).put("ack-index", finished.ackIndex).put("ack-process", finished.process)
                .put("index", d.index).put("process", d.process).put("delivery-count", d.count);
        result.anomaly(t.key(), o);
    }

    /** The first earlier holder whose lock was surely valid when d's poll completed, unacknowledged, and later taken. */
    private void concurrent(SharePass.Pos pos, List<Delivery> earlier, Delivery d) {
        for (Delivery e : earlier) {
            if (e.lockUntil < 0 || d.time + SKEW_MARGIN_NANOS >= e.lockUntil) continue;
            if (e.ack == null || e.ackInvokedBefore(d.index) || !e.acked(e.ack, false)) continue;
            ObjectNode o = at(pos);
            o.putObject("holder").put("process", e.process).put("index", e.index).put("delivery-count", e.count)
                    .put("lock-until", e.lockUntil).put("ack-index", e.ackIndex).put("ack", e.ack.wire());
            o.putObject("second").put("process", d.process).put("index", d.index).put("time", d.time).put("delivery-count", d.count);
            result.anomaly(Anomalies.SHARE_CONCURRENT_HOLD.key(), o);
            return;
        }
    }

    /**
     * Every record known below the partition's end offset must be finished: below the group's final start offset it is
     * share-lost (the broker counts it done), from there on share-not-final (the broker still holds it). A start offset
     * below the end with every record from it on finished is the brokers' report lagging: a warning.
     */
    private void finalState(int partition, SharePass.CatchUp cu) {
        long unfinishedFromStart = 0;
        long firstUnfinished = -1;
        for (long off = ledger.nextKnown(partition, 0); off >= 0 && off < cu.endOffset(); off = ledger.nextKnown(partition, off + 1)) {
            SharePass.Pos pos = new SharePass.Pos(partition, off);
            List<Delivery> ds = pass.deliveries.getOrDefault(pos, List.of());
            boolean lost = off < cu.groupStartOffset();
            // below the start offset, only what came before the catch-up saw the start offset pass it can have finished it
            Ending ending = ending(ds, lost ? cu.time() : Long.MAX_VALUE);
            if (ending == Ending.LIMIT_UNSEEN) pass.counts.archivedDeliveryLimitUnseen++;
            if (ending != Ending.NOT_FINISHED) continue;
            if (!lost && unfinishedFromStart++ == 0) firstUnfinished = off;
            ObjectNode o = at(pos).put("index", ledger.firstIndexAt(partition, off)).put("deliveries", ds.size());
            if (!ds.isEmpty()) {
                Delivery last = ds.get(ds.size() - 1);
                o.put("last-delivery-count", last.count).put("last-ended", last.ack != null ? last.ack.wire() + " " + last.ackOutcome.wire() : last.endedBy());
            }
            o.put("group-start-offset", cu.groupStartOffset());
            if (!lost) o.put("end-offset", cu.endOffset());
            o.put("catch-up-index", cu.index());
            if (!lost && cu.assignedTo() != null) cu.assignedTo().forEach(o.withArray("assigned-to")::add);
            result.anomaly((lost ? Anomalies.SHARE_LOST : Anomalies.SHARE_NOT_FINAL).key(), o);
        }
        if (unfinishedFromStart > 0) explainNotFinal(partition, cu, unfinishedFromStart, firstUnfinished);
        if (cu.groupStartOffset() < cu.endOffset() && unfinishedFromStart == 0) {
            pass.counts.staleStartOffsets++;
            result.warn("partition " + partition + ": the group's start offset the brokers reported (" + cu.groupStartOffset()
                    + ") is below the end offset (" + cu.endOffset() + ") although the history shows every record from it on finished");
        }
    }

    /**
     * One line for a partition with records not final: when the group last delivered any of its records, how long before
     * the end phase gave up, and whom the partition was then assigned to — a partition whose deliveries stopped while
     * it stayed assigned is a stuck share partition (or consumer), not a record the checker missed.
     */
    private void explainNotFinal(int partition, SharePass.CatchUp cu, long count, long first) {
        Long last = pass.lastDelivery.get(partition);
        String delivered = last == null ? "the group never delivered a record of it"
                : String.format(Locale.ROOT, "its last delivery was at %.1f s, %.1f s before the end phase gave up at %.1f s",
                last / 1e9, (cu.time() - last) / 1e9, cu.time() / 1e9);
        String assigned = cu.assignedTo() == null ? "its assignment at the end is not recorded"
                : cu.assignedTo().isEmpty() ? "it was then assigned to no member" : "it was then assigned to " + cu.assignedTo();
        result.warn(String.format(Locale.ROOT, "partition %d: %,d record(s) not final from offset %d (group start offset %d, end offset %d): %s; %s",
                partition, count, first, cu.groupStartOffset(), cu.endOffset(), delivered, assigned));
    }

    /** How a record's deliveries ended, as far as the history shows. */
    private enum Ending {
        /** accepted or rejected (maybe: an info acknowledgement may have been taken) */
        ACKED,
        /** delivered up to the delivery limit: archived */
        AT_LIMIT,
        /** last seen below the limit, but enough members left after that sighting (and in time) to have taken it to the limit unseen */
        LIMIT_UNSEEN,
        NOT_FINISHED
    }

    /**
     * How the record ended. A share consumer fetches ahead of its polls, and one that crashes or closes takes records it
     * acquired but never returned with it: each such acquisition counts a delivery no history line shows. So a record
     * last seen below the limit is finished too when enough members left after that sighting and before history time
     * {@code before} ({@link Ending#LIMIT_UNSEEN}): for a record below the group's start offset, the completion of the
     * catch-up that saw the start offset past it, for one above it no bound ({@code Long.MAX_VALUE}).
     */
    private Ending ending(List<Delivery> ds, long before) {
        for (Delivery d : ds) {
            if (d.acked(ShareOps.AckType.ACCEPT, true) || d.acked(ShareOps.AckType.REJECT, true)) return Ending.ACKED;
        }
        if (pass.deliveryLimit <= 0) return Ending.NOT_FINISHED;
        Delivery last = ds.isEmpty() ? null : ds.get(ds.size() - 1);
        int seen = last == null ? 0 : last.count;
        if (seen >= pass.deliveryLimit) return Ending.AT_LIMIT;
        long unseenAcquisitions = pass.leaves.between(last == null ? Long.MIN_VALUE : last.time, before);
        return seen + unseenAcquisitions >= pass.deliveryLimit ? Ending.LIMIT_UNSEEN : Ending.NOT_FINISHED;
    }

    private ObjectNode at(SharePass.Pos pos) {
        ObjectNode o = Json.object().put("partition", pos.partition()).put("offset", pos.offset());
        if (ledger.nextKnown(pos.partition(), pos.offset()) == pos.offset()) o.put("value", ledger.valueAt(pos.partition(), pos.offset()));
        return o;
    }

    private void warnings() {
        List<Integer> notCaughtUp = new ArrayList<>();
        for (int p : ledger.partitionNumbers()) if (!pass.caughtUp.containsKey(p)) notCaughtUp.add(p);
        if (!notCaughtUp.isEmpty()) {
            result.warn("the share group's final start offset is not known for partition(s) " + notCaughtUp
                    + "; whether every record there was finished (share-lost, share-not-final) is not judged");
        }
        if (pass.deliveryLimit < 0) result.warn("no share-subscribe names the delivery limit; delivery counts are not checked against it");
        if (pass.counts.invocationsWithoutCompletion > 0) {
            result.warn(pass.counts.invocationsWithoutCompletion + " share op invocation(s) have no completion; counted as info");
        }
    }
}
