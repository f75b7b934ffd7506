package io.kchaos.workload.share;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.RecordedHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The share group's end phase against fixed reads: how it ends and the {@code share-catch-up} op it records. */
class ShareCatchUpTest {
    private static final Map<Integer, Long> ENDS = Map.of(0, 3L, 1, 2L);
    /** Below the ends, as Kafka 4.4.0 reported them after the last acknowledgement. */
    private static final Map<Integer, Long> STUCK = Map.of(0, 1L, 1, 2L);

    @TempDir
    Path dir;

    /** Reads that always answer the same; the assignment names one member. */
    private record Fixed(Map<Integer, Long> ends, Map<Integer, Long> starts) implements ShareCatchUp.Reads {
        @Override
        public void assignment(ObjectNode v) {
            v.putObject("assignment").putArray("0").add(ShareCatchUp.clientId(7));
        }
    }

    private static FinishedOffsets finishedBelow(Map<Integer, Long> ends) {
        FinishedOffsets f = new FinishedOffsets();
        ends.forEach((p, end) -> {
            for (long o = 0; o < end; o++) f.finish(p, o);
        });
        return f;
    }

    private record Ended(ShareCatchUp.End end, Op op, long nanos) {
    }

    private Ended run(Map<Integer, Long> starts, FinishedOffsets finished, Duration quiet) throws Exception {
        try (RecordedHistory h = new RecordedHistory(dir)) {
            long t0 = System.nanoTime();
            ShareCatchUp.End end = ShareCatchUp.run(new Fixed(ENDS, starts), h.writer, 5,
                    new ShareCatchUp.Wait(Duration.ofSeconds(60), quiet, () -> 42, finished));
            long nanos = System.nanoTime() - t0;
            List<Op> done = h.ops().stream().filter(o -> o.f().equals(ShareCatchUp.F) && !o.isInvoke()).toList();
            assertEquals(1, done.size(), "one completion: " + h.ops());
            Op op = done.get(0);
            assertEquals(3, op.value().path("end-offsets").path("0").asLong());
            assertEquals(starts.get(0), op.value().path("group-start-offsets").path("0").asLong(), "start offsets recorded as read");
            assertEquals("kchaos-share-7", op.value().path("assignment").path("0").path(0).asText());
            return new Ended(end, op, nanos);
        }
    }

    @Test
    void startOffsetsAtTheEndsAreOk() throws Exception {
        Ended e = run(ENDS, new FinishedOffsets(), Duration.ofSeconds(30));
        assertEquals(ShareCatchUp.End.START_OFFSETS, e.end);
        assertEquals(OpType.OK, e.op.type());
        assertNull(e.op.error());
        assertFalse(e.op.value().has("finished-by-acks"));
    }

    @Test
    void stuckStartOffsetsEndAtOnceWhenTheAcksFinishedEverything() throws Exception {
        Duration quiet = Duration.ofSeconds(30);
        Ended e = run(STUCK, finishedBelow(ENDS), quiet);
        assertEquals(ShareCatchUp.End.ACKS, e.end);
        assertTrue(e.nanos < quiet.toNanos(), "ended before the quiet time");
        assertEquals(OpType.INFO, e.op.type());
        assertEquals("the group's start offsets did not reach every end offset (every record below the end offsets was "
                + "accepted or rejected: Kafka persists the start offset before applying an acknowledgement, so it lags "
                + "after the last one)", e.op.error());
        assertTrue(e.op.value().path("finished-by-acks").asBoolean());
    }

    @Test
    void stuckStartOffsetsWithAnUnfinishedRecordWaitForTheQuietTime() throws Exception {
        FinishedOffsets f = finishedBelow(Map.of(0, 3L, 1, 1L)); // offset 1 of partition 1 is not finished
        Duration quiet = Duration.ofMillis(700);
        Ended e = run(STUCK, f, quiet);
        assertEquals(ShareCatchUp.End.GAVE_UP, e.end);
        assertTrue(e.nanos >= quiet.toNanos(), "waited for the quiet time");
        assertEquals(OpType.INFO, e.op.type());
        assertTrue(e.op.error().contains("nothing delivered for"), e.op.error());
        assertFalse(e.op.value().has("finished-by-acks"));
    }
}
