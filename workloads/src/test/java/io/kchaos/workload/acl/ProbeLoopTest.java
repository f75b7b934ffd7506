package io.kchaos.workload.acl;

import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each probe records the broker's published offsets around it and its answer; what does not tell is info. */
class ProbeLoopTest {
    @TempDir
    Path dir;

    /** A broker whose published offset counts up from {@code offset} and which answers what the test queued. */
    private static final class FakeBroker implements BrokerConnection {
        final Deque<Object> answers = new ArrayDeque<>();
        long offset;

        FakeBroker(long offset) {
            this.offset = offset;
        }

        @Override
        public long publishedOffset() {
            return offset++;
        }

        @Override
        public Errors probe(ProbedRight right, String topic) throws IOException {
            Object a = answers.isEmpty() ? Errors.NONE : answers.poll();
            if (a instanceof IOException e) throw e;
            return (Errors) a;
        }

        @Override
        public void close() {
        }
    }

    private static ProbeLoop loop(FakeBroker b, RecordedHistory h, AclStats acl) {
        return new ProbeLoop(b, 2, ProbedRight.WRITE, "t", h.writer, new ProcessIds(), new WorkloadStats(), acl, 1);
    }

    @Test
    void aDefiniteAnswerIsOkWithTheOffsetsAroundIt() throws Exception {
        FakeBroker b = new FakeBroker(40);
        b.answers.add(Errors.TOPIC_AUTHORIZATION_FAILED);
        b.answers.add(Errors.NOT_LEADER_OR_FOLLOWER);
        AclStats acl = new AclStats();
        try (RecordedHistory h = new RecordedHistory(dir)) {
            ProbeLoop l = loop(b, h, acl);
            l.probe();
            l.probe();
            List<Op> ops = h.ops();
            assertEquals("{\"node\":2,\"operation\":\"WRITE\",\"topic\":\"t\"}", ops.get(0).value().toString());
            assertEquals("{\"node\":2,\"operation\":\"WRITE\",\"topic\":\"t\",\"offset-before\":40,\"offset-after\":41,\"answer\":\"denied\"}",
                    ops.get(1).value().toString());
            assertEquals(AclFields.ALLOWED, ops.get(3).value().get(AclFields.ANSWER).asText());
            assertEquals(1, acl.allowed.sum());
            assertEquals(1, acl.denied.sum());
        }
    }

    @Test
    void anAnswerThatDoesNotTellOrNoAnswerIsInfo() throws Exception {
        FakeBroker b = new FakeBroker(0);
        b.answers.add(Errors.UNKNOWN_TOPIC_OR_PARTITION);
        b.answers.add(new IOException("no connection"));
        AclStats acl = new AclStats();
        try (RecordedHistory h = new RecordedHistory(dir)) {
            ProbeLoop l = loop(b, h, acl);
            assertEquals(OpType.INFO, l.probe().type());
            assertEquals(OpType.INFO, l.probe().type());
            List<Op> info = h.ops(ClientOps.ACL_PROBE, OpType.INFO);
            assertEquals("answer UNKNOWN_TOPIC_OR_PARTITION", info.get(0).error());
            assertEquals("IOException: no connection", info.get(1).error());
            assertFalse(info.get(0).value().has(AclFields.ANSWER));
            assertTrue(info.get(1).process() > info.get(0).process(), "a new process after info");
            assertEquals(2, acl.probeInfo.sum());
        }
    }

    @Test
    void theFinalPhaseProbesUntilTheBrokerHoldsTheTargetThenALittleLonger() throws Exception {
        FakeBroker b = new FakeBroker(0);
        try (RecordedHistory h = new RecordedHistory(dir)) {
            loop(b, h, new AclStats()).finish(20, Duration.ofSeconds(10), Duration.ofMillis(50));
            List<Op> ok = h.ops(ClientOps.ACL_PROBE, OpType.OK);
            assertTrue(ok.stream().anyMatch(o -> o.value().get(AclFields.OFFSET_BEFORE).asLong() >= 19), "probed once caught up");
            assertTrue(h.ops(ClientOps.ACL_PROBE, OpType.INFO).isEmpty());
        }
    }

    @Test
    void aBrokerThatNeverCatchesUpGetsAnInfoProbeSayingWhy() throws Exception {
        FakeBroker b = new FakeBroker(-1_000_000);
        try (RecordedHistory h = new RecordedHistory(dir)) {
            loop(b, h, new AclStats()).finish(100, Duration.ofMillis(30), Duration.ofMillis(10));
            List<Op> info = h.ops(ClientOps.ACL_PROBE, OpType.INFO);
            assertEquals(1, info.size());
            assertTrue(info.get(0).error().startsWith("not caught up within 0 s: published metadata offset "), info.get(0).error());
            assertTrue(info.get(0).error().endsWith(", the last change's high watermark 100 needs 99"), info.get(0).error());
        }
    }
}
