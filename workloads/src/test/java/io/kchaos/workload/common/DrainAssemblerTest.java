package io.kchaos.workload.common;

import io.kchaos.workload.ReadRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DrainAssemblerTest {
    private final List<DrainChunk> chunks = new ArrayList<>();
    private final List<Boolean> lastFlags = new ArrayList<>();

    private DrainAssembler assembler(int max) {
        return new DrainAssembler(max, (chunk, last) -> {
            chunks.add(chunk);
            lastFlags.add(last);
        });
    }

    private static ReadRecord rec(int p, long o) {
        return new ReadRecord(p, o, "k" + p, String.valueOf(p * 1000 + o));
    }

    /** Feeds partition p's records [from, to) and then the consumer's position {@code to}. */
    private static void read(DrainAssembler a, int p, long from, long to) {
        for (long o = from; o < to; o++) a.add(rec(p, o));
        a.positionReached(p, to);
    }

    @Test
    void smallDrainIsOneOpListingEveryPartition() {
        DrainAssembler a = assembler(10);
        a.begin(Map.of(0, 0L, 1, 0L), Map.of(0, 3L, 1, 2L));
        read(a, 0, 0, 3);
        read(a, 1, 0, 2);
        a.finish();
        assertEquals(1, chunks.size());
        assertEquals(5, chunks.get(0).records().size());
        assertEquals(Map.of(0, 3L, 1, 2L), chunks.get(0).endOffsets());
        assertEquals(List.of(true), lastFlags);
    }

    @Test
    void emptyPartitionIsListedInTheFirstOp() {
        DrainAssembler a = assembler(2);
        a.begin(Map.of(0, 0L, 1, 7L), Map.of(0, 5L, 1, 7L)); // partition 1: log start 7 = end 7, empty
        read(a, 0, 0, 5);
        a.finish();
        assertEquals(3, chunks.size());
        assertEquals(Map.of(1, 7L), chunks.get(0).endOffsets());
        assertEquals(Map.of(), chunks.get(1).endOffsets());
        assertEquals(Map.of(0, 5L), chunks.get(2).endOffsets());
    }

    @Test
    void splitsAtMaxRecordsAndListsEachPartitionWithItsLastRecord() {
        DrainAssembler a = assembler(4);
        a.begin(Map.of(0, 0L, 1, 0L, 2, 0L), Map.of(0, 3L, 1, 6L, 2, 2L));
        read(a, 0, 0, 3);   // records 1-3: op 1
        read(a, 1, 0, 6);   // 1 in op 1, 4 in op 2, 1 in op 3
        read(a, 2, 0, 2);   // op 3
        a.finish();
        assertEquals(List.of(4, 4, 3), chunks.stream().map(c -> c.records().size()).toList());
        assertEquals(Map.of(0, 3L), chunks.get(0).endOffsets());
        assertEquals(Map.of(), chunks.get(1).endOffsets());
        assertEquals(Map.of(1, 6L, 2, 2L), chunks.get(2).endOffsets());
        assertEquals(List.of(false, false, true), lastFlags);
        // every partition is listed exactly once, in the op that holds its last record
        for (DrainChunk c : chunks) {
            c.endOffsets().forEach((p, end) -> assertTrue(c.records().stream()
                    .anyMatch(r -> r.partition() == p && r.offset() == end - 1), "partition " + p));
        }
    }

    @Test
    void opThatFillsUpExactlyStillListsThePartitionItCompletes() {
        DrainAssembler a = assembler(3);
        a.begin(Map.of(0, 0L, 1, 0L), Map.of(0, 3L, 1, 1L));
        read(a, 0, 0, 3); // fills op 1 exactly, then completes partition 0
        read(a, 1, 0, 1);
        a.finish();
        assertEquals(2, chunks.size());
        assertEquals(3, chunks.get(0).records().size());
        assertEquals(Map.of(0, 3L), chunks.get(0).endOffsets(), "listed with its last record, not in the next op");
        assertEquals(Map.of(1, 1L), chunks.get(1).endOffsets());
    }

    @Test
    void exactlyFullFinalOpIsNotFollowedByAnEmptyOne() {
        DrainAssembler a = assembler(3);
        a.begin(Map.of(0, 0L), Map.of(0, 3L));
        read(a, 0, 0, 3);
        a.finish();
        assertEquals(1, chunks.size());
        assertEquals(Map.of(0, 3L), chunks.get(0).endOffsets());
        assertEquals(List.of(true), lastFlags);
    }

    @Test
    void incompletePartitionIsNotListed() {
        DrainAssembler a = assembler(10);
        a.begin(Map.of(0, 0L, 1, 0L), Map.of(0, 2L, 1, 5L));
        read(a, 0, 0, 2);
        for (long o = 0; o < 3; o++) a.add(rec(1, o));
        a.positionReached(1, 3); // never reaches 5
        assertEquals(List.of(1), List.copyOf(a.incomplete()));
        a.finish();
        assertEquals(Map.of(0, 2L), chunks.get(0).endOffsets());
        assertEquals(5, chunks.get(0).records().size(), "the records read from the incomplete partition are kept");
    }

    @Test
    void recordsAtOrAboveTheEndOffsetAreNotPartOfTheDrain() {
        DrainAssembler a = assembler(10);
        a.begin(Map.of(0, 0L), Map.of(0, 2L));
        assertTrue(a.add(rec(0, 0)));
        assertTrue(a.add(rec(0, 1)));
        assertFalse(a.add(rec(0, 2)));
        assertFalse(a.add(rec(3, 0)), "unknown partition");
        a.positionReached(0, 3);
        a.finish();
        assertEquals(2, chunks.get(0).records().size());
        assertEquals(Map.of(0, 2L), chunks.get(0).endOffsets());
    }

    @Test
    void positionPastAGapCompletesThePartition() {
        // a transaction marker or compaction gap at the end: the last record is below end - 1
        DrainAssembler a = assembler(10);
        a.begin(Map.of(0, 0L), Map.of(0, 5L));
        a.add(rec(0, 0));
        a.add(rec(0, 3));
        a.positionReached(0, 4);
        assertEquals(1, a.incomplete().size());
        a.positionReached(0, 5);
        assertTrue(a.incomplete().isEmpty());
    }

    @Test
    void opJsonHasRecordsEndOffsetsAndTheLogStartOffsetsTheReadsBeganAt() {
        DrainAssembler a = assembler(10);
        a.begin(Map.of(0, 0L, 10, 7L), Map.of(0, 1L, 10, 7L));
        read(a, 0, 0, 1);
        a.finish();
        assertEquals("{\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k0\",\"value\":0}],"
                + "\"end-offsets\":{\"0\":1,\"10\":7},\"start-offsets\":{\"0\":0,\"10\":7}}", chunks.get(0).toJson().toString());
    }

    /**
     * The last op tells where each partition not read completely stopped: its position, the end offset aimed at, the
     * error that stopped it, how long the position stood still (here 30 s after its last move) and its leader.
     */
    @Test
    void lastOpTellsWhereEachUnfinishedPartitionStopped() {
        long[] now = {0};
        DrainAssembler a = new DrainAssembler(2, (chunk, last) -> chunks.add(chunk), () -> now[0]);
        a.begin(Map.of(0, 0L, 1, 0L, 2, 4L), Map.of(0, 2L, 1, 9L, 2, 8L));
        read(a, 0, 0, 2);
        now[0] = 5_000_000_000L;
        read(a, 1, 0, 3);
        now[0] = 35_000_000_000L;
        a.finish(Map.of(2, "CorruptRecordException: bad crc"), Map.of(1, 2, 2, DrainStop.NO_LEADER));
        DrainChunk last = chunks.get(chunks.size() - 1);
        assertEquals(new DrainStop(3, 9, null, 30_000, 2), last.unfinished().get(1));
        assertEquals(new DrainStop(4, 8, "CorruptRecordException: bad crc", 35_000, DrainStop.NO_LEADER), last.unfinished().get(2));
        assertEquals("{\"1\":{\"position\":3,\"end-offset\":9,\"error\":null,\"stalled-ms\":30000,\"leader\":2},"
                + "\"2\":{\"position\":4,\"end-offset\":8,\"error\":\"CorruptRecordException: bad crc\",\"stalled-ms\":35000,"
                + "\"leader\":null}}", last.toJson().get("unfinished").toString());
        assertTrue(chunks.subList(0, chunks.size() - 1).stream().allMatch(c -> c.unfinished().isEmpty()));
        assertFalse(chunks.get(0).toJson().has("unfinished"));
    }

    @Test
    void nothingAfterFinish() {
        DrainAssembler a = assembler(10);
        a.begin(Map.of(), Map.of());
        a.finish();
        assertEquals(1, chunks.size());
        assertThrows(IllegalStateException.class, a::finish);
        assertThrows(IllegalStateException.class, () -> a.add(rec(0, 0)));
    }
}
