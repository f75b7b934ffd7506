package io.kchaos.workload.txn;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import io.kchaos.workload.common.SendPacer;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** producer-lifetime: run settles a failed commit on the same producer; failure replaces it; a fatal error replaces it under both. */
class ProducerLifetimeTest {
    @TempDir
    Path dir;

    /**
     * A producer whose first commit throws without committing; later commits (the retry too) work. After a fencing it
     * is in a fatal state, as the Java client is: its abort throws the fencing again.
     */
    private static final class FirstCommitTimesOut extends ForwardingTxnClient {
        private final RuntimeException firstCommit;
        int commits;

        FirstCommitTimesOut(RuntimeException firstCommit) {
            this.firstCommit = firstCommit;
        }

        @Override
        public void commitTransaction() {
            if (commits++ == 0 && firstCommit != null) throw firstCommit;
            super.commitTransaction();
        }

        @Override
        public void abortTransaction() {
            if (commits > 0 && firstCommit instanceof ProducerFencedException) throw firstCommit;
            super.abortTransaction();
        }
    }

    private List<Op> run(ProducerLifetime lifetime, List<FirstCommitTimesOut> made, RuntimeException firstCommit) throws Exception {
        try (RecordedHistory history = new RecordedHistory(dir)) {
            TxnWorker w = new TxnWorker(new TxnInit(history.writer, "kchaos-txn-0", () -> {
                FirstCommitTimesOut p = new FirstCommitTimesOut(made.isEmpty() ? firstCommit : null);
                made.add(p);
                return p;
            }), null, new TxnGenerator(1, new AtomicLong(), 1, new TxnOptions(0, 0, 1, 1)),
                    new TxnAttempt(history.writer, "t", new WorkloadStats()), new SendPacer(200), new ProcessIds(), lifetime);
            Thread t = new Thread(w);
            t.start();
            history.await("three completions", ops -> ops.stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).count() >= 3);
            w.stopRunning();
            t.join(5_000);
            assertFalse(t.isAlive());
            return history.ops().stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).toList();
        }
    }

    @Test
    void runRetriesATimedOutCommitOnTheSameProducer() throws Exception {
        List<FirstCommitTimesOut> made = new ArrayList<>();
        List<Op> done = run(ProducerLifetime.RUN, made, new TimeoutException("EndTxn timed out"));

        assertEquals(1, made.size(), "one producer for the run");
        assertEquals(done.size() + 1, made.get(0).commits, "the timed-out commit was asked once more, before the next transaction");
        assertEquals(OpType.INFO, done.get(0).type());
        assertEquals(OpType.OK, done.get(1).type());
        done.forEach(o -> assertEquals(0, o.value().get(TxnFields.PRODUCER_INSTANCE).asInt()));
        done.forEach(o -> assertEquals("kchaos-txn-0", o.value().get(TxnFields.TRANSACTIONAL_ID).asText()));
    }

    @Test
    void failureReplacesTheProducerAndCountsTheNextInstance() throws Exception {
        List<FirstCommitTimesOut> made = new ArrayList<>();
        List<Op> done = run(ProducerLifetime.FAILURE, made, new TimeoutException("EndTxn timed out"));

        assertEquals(2, made.size());
        assertTrue(made.get(0).mock.closed(), "the first is closed before the second is created");
        assertEquals(0, done.get(0).value().get(TxnFields.PRODUCER_INSTANCE).asInt());
        assertEquals(1, done.get(1).value().get(TxnFields.PRODUCER_INSTANCE).asInt());
    }

    @Test
    void runReplacesAFencedProducer() throws Exception {
        List<FirstCommitTimesOut> made = new ArrayList<>();
        List<Op> done = run(ProducerLifetime.RUN, made, new ProducerFencedException("fenced"));

        assertEquals(OpType.INFO, done.get(0).type());
        assertEquals(2, made.size(), "settling failed (the abort threw the fencing again): a new producer");
        assertEquals(1, done.get(1).value().get(TxnFields.PRODUCER_INSTANCE).asInt());
    }
}
