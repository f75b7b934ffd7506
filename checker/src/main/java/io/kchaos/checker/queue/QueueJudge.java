package io.kchaos.checker.queue;

import io.kchaos.history.ValuePadding;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.Anomalies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.checker.result.CheckResult;

import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * Judges what a {@link QueueLedger} holds once the whole history is known: lost writes (and unseen and expired ones),
 * premature deletions ({@link Deletions}), writes the final drain did not reach ({@link UnreachedWrites}), offsets holding two values, duplicates, aborted reads and poll skips, then fills in the statistics. Each case names the
 * history indexes a reader needs to check it by hand.
 */
final class QueueJudge {
    private final QueueLedger ledger;
    private final CheckResult result;
    private final ValueTable values;

    QueueJudge(QueueLedger ledger, CheckResult result) {
        this.ledger = ledger;
        this.result = result;
        this.values = ledger.values;
    }

    void judge() {
        ledger.conflicts.forEach(this::inconsistentOffset);
        long unseen = 0;
        long expired = 0;
        long readValues = 0;
        long readNeverSent = 0;
        UnreachedWrites unreached = new UnreachedWrites(ledger);
        for (int id = 0; id < values.size(); id++) {
            if (values.has(id, ValueTable.READ)) {
                readValues++;
                if (!values.has(id, ValueTable.SENT)) readNeverSent++;
                if (values.has(id, ValueTable.FAILED)) abortedRead(id);
                if (values.readAtSeveralPositions(id)) duplicate(id);
                if (values.has(id, ValueTable.ACKED)) {
                    readElsewhereThanAcked(id);
                    if (goneAfterRead(id)) lostWrite(id);
                    else unreached.consider(id);
                }
            } else if (values.has(id, ValueTable.ACKED)) {
                int p = values.ackPartition(id);
                long offset = values.ackOffset(id);
                if (ledger.belowLogStart(p, offset)) {
                    Optional<ObjectNode> premature = ledger.deletions.premature(p, offset);
                    if (premature.isPresent()) result.anomaly(Anomalies.PREMATURE_DELETION.key(), premature.get());
                    else expired++;
                } else if (isLost(id)) lostWrite(id);
                else {
                    unseen++;
                    unreached.consider(id);
                }
            }
        }
        unreached.report(result);
        skips();
        stats(unseen, readValues);
        result.stats().put(ResultsFields.Stats.EXPIRED, expired);
        warnings(unseen, readNeverSent);
        if (expired > 0) {
            result.warn(expired + " acknowledged write(s) never read lie below their partition's log start offset at the "
                    + "final drain: deleted by retention (expired), not judged as lost");
            if (!ledger.deletions.hasPolicy()) {
                result.warn("no retention policy recorded (run.json's topic-retention, or a topic config changed to a value that "
                        + "is not a number, or a " + ValuePadding.OPTION + " workload option that is no size): the expired "
                        + "write(s) were not judged against it (premature-deletion)");
            }
        }
    }

    /**
     * An acknowledged value never read is lost when its partition was drained completely (an acknowledged offset at
     * or past the drained end is lost too) or a higher offset of it was read; otherwise it is unseen. (A value read
     * and later gone: {@link #goneAfterRead}.)
     */
    private boolean isLost(int id) {
        PartitionLog log = ledger.partitions.get(values.ackPartition(id));
        long offset = values.ackOffset(id);
        return log.isDrained() || (offset >= 0 && log.maxReadOffset() > offset);
    }

    /**
     * An acknowledged value that was read but whose offset is at or past the end of a complete drain is lost too: it
     * was there, and the log no longer reaches it (all its replicas lost it, e.g. to a power loss).
     */
    private boolean goneAfterRead(int id) {
        PartitionLog log = ledger.partitions.get(values.ackPartition(id));
        long offset = values.ackOffset(id);
        return offset >= 0 && log.isDrained() && offset >= log.drainEndOffset();
    }

    private void lostWrite(int id) {
        PartitionLog log = ledger.partitions.get(values.ackPartition(id));
        ObjectNode o = ack(id);
        if (values.has(id, ValueTable.READ)) o.set("reads", reads(id));
        o.put("process", values.completionProcess(id));
        o.put("time", values.completionTime(id));
        if (log.maxReadOffset() >= 0) {
            o.put("highest-read-offset", log.maxReadOffset());
            o.put("highest-read-index", log.maxReadIndex());
        }
        if (log.isDrained()) {
            o.put("drain-end-offset", log.drainEndOffset());
            o.put("drain-index", log.drainIndex());
        }
        result.anomaly(Anomalies.LOST_WRITE.key(), o);
    }

    private void inconsistentOffset(OffsetConflicts.Position at, Map<Long, Long> valueIndexes) {
        ObjectNode o = Json.object();
        o.put("partition", at.partition());
        o.put("offset", at.offset());
        ArrayNode vs = o.putArray("values");
        ArrayNode is = o.putArray("indexes");
        valueIndexes.forEach((v, i) -> {
            vs.add(v);
            is.add(i);
        });
        result.anomaly(Anomalies.INCONSISTENT_OFFSETS.key(), o);
    }

    /**
     * An acknowledgement naming another position than every read of the value is an inconsistent offset; it is
     * reported on its own only when no position involved already holds two values (which tells the same story).
     */
    private void readElsewhereThanAcked(int id) {
        int p = values.ackPartition(id);
        long offset = values.ackOffset(id);
        if (offset < 0 || values.readAt(id, p, offset) || ledger.conflicts.contains(p, offset)) return;
        for (ValueTable.ReadAt r : values.reads(id)) {
            if (ledger.conflicts.contains(r.partition(), r.offset())) return;
        }
        ObjectNode o = ack(id);
        o.set("reads", reads(id));
        result.anomaly(Anomalies.INCONSISTENT_OFFSETS.key(), o);
    }

    private void duplicate(int id) {
        ObjectNode o = Json.object();
        o.put("value", values.value(id));
        o.set("reads", reads(id));
        if (values.has(id, ValueTable.ACKED)) o.set("ack", ack(id));
        result.anomaly(Anomalies.DUPLICATE.key(), o);
    }

    private void abortedRead(int id) {
        ValueTable.ReadAt first = values.reads(id).get(0);
        ObjectNode o = Json.object();
        o.put("value", values.value(id));
        o.put("partition", first.partition());
        o.put("offset", first.offset());
        o.put("index", first.index());
        o.put("fail-index", values.completionIndex(id));
        o.put("process", values.completionProcess(id));
        result.anomaly(Anomalies.G1A.key(), o);
    }

    private void skips() {
        PollJumps jumps = ledger.jumps;
        for (int i = 0; i < jumps.size(); i++) {
            PartitionLog log = ledger.partitions.get(jumps.partition(i));
            long skipped = log.knownBetween(jumps.from(i), jumps.to(i));
            if (skipped < 0) continue;
            int id = log.idAt(skipped);
            ObjectNode o = Json.object();
            o.put("process", jumps.process(i));
            o.put("partition", jumps.partition(i));
            o.put("offset", jumps.to(i));
            o.put("index", jumps.index(i));
            o.put("previous-offset", jumps.from(i));
            o.put("previous-index", jumps.fromIndex(i));
            o.put("skipped-offset", skipped);
            o.put("skipped-value", values.value(id));
            o.put("skipped-index", log.firstIndexAt(skipped, id));
            result.anomaly(Anomalies.POLL_SKIP.key(), o);
        }
    }

    private ObjectNode ack(int id) {
        ObjectNode o = Json.object();
        o.put("partition", values.ackPartition(id));
        o.put("offset", values.ackOffset(id));
        o.put("value", values.value(id));
        o.put("index", values.completionIndex(id));
        return o;
    }

    private ArrayNode reads(int id) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (ValueTable.ReadAt r : values.reads(id)) {
            a.addObject().put("partition", r.partition()).put("offset", r.offset()).put("index", r.index());
        }
        return a;
    }

    private void stats(long unseen, long readValues) {
        ObjectNode s = result.stats();
        s.put(ResultsFields.Stats.UNSEEN, unseen);
        s.put(ResultsFields.Stats.READ_VALUES, readValues);
        s.put(ResultsFields.Stats.RECORDS_READ, ledger.recordsRead());
        ArrayNode drained = s.putArray(ResultsFields.Stats.PARTITIONS_DRAINED);
        ledger.partitions.all().forEach(log -> {
            if (log.isDrained()) drained.add(log.partition());
        });
    }

    private void warnings(long unseen, long readNeverSent) {
        if (unseen > 0) {
            result.warn(unseen + " acknowledged write(s) were never read, and their partition was neither drained "
                    + "completely nor read beyond them (unseen): whether they were lost is unknown");
        }
        if (readNeverSent > 0) result.warn(readNeverSent + " value(s) were read that no send in the history wrote");
        List<Integer> partitions = ledger.partitionNumbers();
        List<Integer> undrained = partitions.stream().filter(p -> !ledger.isDrained(p)).toList();
        if (undrained.size() < partitions.size() && !undrained.isEmpty()) {
            result.warn("the final drain did not read partition(s) " + undrained + " completely (a broker could not serve "
                    + "them, e.g. a lost remote-tier object, or the drain ran out of time): their acknowledged writes where it "
                    + "stopped are unreadable-write or leave the verdict unknown");
        }
    }
}
