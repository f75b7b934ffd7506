package io.kchaos.checker.group;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.OffsetSet;
import io.kchaos.checker.queue.QueueLedger;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * Members whose first read of a partition after an assignment was at another offset than the position the assignment
 * resumed them at: the consumer moved its position with no seek of the workload's, which only {@code auto.offset.reset}
 * (an out-of-range or deleted offset) or a truncation detected from the committed leader epoch (KIP-320) does. What it
 * cost: moved back, the records known to the history that were offered again (duplicates, when the group had them);
 * moved forward, those skipped, and of them those no group member ever polled. A warning with the figures in
 * {@code stats.group.position-resets}, never an anomaly (lost-by-group judges what was never consumed).
 */
final class PositionResets {
    static final String FIELD = "position-resets";
    private static final int EXAMPLES = 5;

    /** One such first read: the resume position (with the assignment's history index) and the offset read first. */
    record Jump(int process, int partition, long resumedAt, long firstRead, long assignIndex, long pollIndex) {
    }

    private final List<Jump> jumps = new ArrayList<>();

    void add(Jump j) {
        jumps.add(j);
    }

    /** Writes {@code position-resets} into the group's stats and the warning, once every record of the history is known. */
    void judge(QueueLedger ledger, ConsumedRecords consumed, ObjectNode group, CheckResult result) {
        if (jumps.isEmpty()) return;
        long backward = 0;
        long forward = 0;
        long reOffered = 0;
        long skipped = 0;
        long skippedNeverConsumed = 0;
        for (Jump j : jumps) {
            long from = Math.min(j.resumedAt(), j.firstRead());
            long to = Math.max(j.resumedAt(), j.firstRead());
            long known = 0;
            long never = 0;
            OffsetSet polled = consumed.offsets(j.partition());
            for (long o = ledger.nextKnown(j.partition(), from); o >= 0 && o < to; o = ledger.nextKnown(j.partition(), o + 1)) {
                known++;
                if (!polled.contains(o)) never++;
            }
            if (j.firstRead() < j.resumedAt()) {
                backward++;
                reOffered += known;
            } else {
                forward++;
                skipped += known;
                skippedNeverConsumed += never;
            }
        }
        ObjectNode o = group.putObject(FIELD);
        o.put("count", jumps.size()).put("backward", backward).put("forward", forward).put("re-offered", reOffered)
                .put("skipped", skipped).put("skipped-never-consumed", skippedNeverConsumed);
        ArrayNode ex = o.putArray("examples");
        for (Jump j : jumps.subList(0, Math.min(EXAMPLES, jumps.size()))) {
            ex.addObject().put("process", j.process()).put("partition", j.partition()).put("resumed-at", j.resumedAt())
                    .put("first-read", j.firstRead()).put("assign-index", j.assignIndex()).put("index", j.pollIndex());
        }
        Jump first = jumps.get(0);
        result.warn(jumps.size() + " time(s) a group member's first read of a partition after an assignment was at another offset "
                + "than the position it resumed at (the consumer moved it with no seek: auto.offset.reset after an out-of-range "
                + "or deleted offset, or a truncation detected from the committed leader epoch): " + backward + " back, offering "
                + reOffered + " known record(s) again; " + forward + " forward, skipping " + skipped + " known record(s), "
                + skippedNeverConsumed + " of them never consumed by the group; first: process " + first.process()
                + " resumed p" + first.partition() + " at " + first.resumedAt() + " (index " + first.assignIndex()
                + ") and read " + first.firstRead() + " first (index " + first.pollIndex() + "); stats.group." + FIELD);
    }
}
