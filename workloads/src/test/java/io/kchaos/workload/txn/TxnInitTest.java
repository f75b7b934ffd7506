package io.kchaos.workload.txn;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import io.kchaos.workload.common.SendPacer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each initialization attempt is a txn-init op: fail for a refusal, info for a timeout (then a new process), ok with the producer. */
class TxnInitTest {
    @TempDir
    Path dir;

    /** A client whose initTransactions throws {@code initError} (when set) and that tells its producer id once initialized. */
    private static final class FakeClient extends ForwardingTxnClient {
        private final RuntimeException initError;
        private boolean initialized;

        FakeClient(RuntimeException initError) {
            this.initError = initError;
        }

        @Override
        public void initTransactions() {
            if (initError != null) throw initError;
            super.initTransactions();
            initialized = true;
        }

        @Override
        public Optional<ProducerIdAndEpoch> producerIdAndEpoch() {
            return initialized ? Optional.of(new ProducerIdAndEpoch(1000, 5)) : Optional.empty();
        }
    }

    /** Runs a worker whose first producer's initialization throws firstError until one transaction completed; its ops. */
    private List<Op> run(RuntimeException firstError) throws Exception {
        AtomicInteger made = new AtomicInteger();
        try (RecordedHistory history = new RecordedHistory(dir)) {
            TxnInit init = new TxnInit(history.writer, "kchaos-txn-0", () -> new FakeClient(made.getAndIncrement() == 0 ? firstError : null));
            TxnWorker w = new TxnWorker(init, null, new TxnGenerator(1, new AtomicLong(), 1, new TxnOptions(0, 0, 1, 1)),
                    new TxnAttempt(history.writer, "t", new WorkloadStats()), new SendPacer(200), new ProcessIds());
            Thread t = new Thread(w);
            t.start();
            history.await("a transaction", ops -> ops.stream().anyMatch(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)));
            w.stopRunning();
            t.join(5_000);
            assertFalse(t.isAlive());
            assertEquals(1, w.initFailures());
            return history.ops();
        }
    }

    private static List<Op> inits(List<Op> ops) {
        return ops.stream().filter(o -> o.f().equals(TxnInit.F)).toList();
    }

    @Test
    void aRefusedThenSuccessfulInitializationIsTwoTxnInitOpsOfOneProcess() throws Exception {
        List<Op> ops = run(new KafkaException("Unexpected error in InitProducerIdResponse; The server experienced an unexpected error"));
        List<Op> inits = inits(ops);

        assertEquals(List.of(OpType.INVOKE, OpType.FAIL, OpType.INVOKE, OpType.OK), inits.stream().map(Op::type).toList());
        for (int i = 0; i < 4; i++) {
            assertEquals("kchaos-txn-0", inits.get(i).value().get(TxnFields.TRANSACTIONAL_ID).asText());
            assertEquals(i / 2, inits.get(i).value().get(TxnFields.PRODUCER_INSTANCE).asInt(), "each attempt is the next instance");
        }
        assertTrue(inits.get(1).error().startsWith("KafkaException: Unexpected error in InitProducerIdResponse"), inits.get(1).error());
        assertFalse(inits.get(1).value().has(TxnFields.PRODUCER_ID));
        assertEquals(1000, inits.get(3).value().get(TxnFields.PRODUCER_ID).asLong());
        assertEquals(5, inits.get(3).value().get(TxnFields.PRODUCER_EPOCH).asInt());
        Op txn = ops.stream().filter(o -> o.f().equals(TxnAttempt.F) && !o.isInvoke()).findFirst().orElseThrow();
        assertEquals(1, inits.stream().map(Op::process).distinct().count(), "a definite failure keeps the process");
        assertEquals(inits.get(0).process(), txn.process());
        assertEquals(1, txn.value().get(TxnFields.PRODUCER_INSTANCE).asInt());
    }

    @Test
    void aTimedOutInitializationIsInfoAndTheNextAttemptIsANewProcess() throws Exception {
        List<Op> inits = inits(run(new TimeoutException("Timeout expired after 3000ms while awaiting InitProducerId")));

        assertEquals(List.of(OpType.INVOKE, OpType.INFO, OpType.INVOKE, OpType.OK), inits.stream().map(Op::type).toList());
        assertEquals(inits.get(0).process(), inits.get(1).process());
        assertNotEquals(inits.get(1).process(), inits.get(2).process(), "a new process after info");
        assertTrue(inits.get(1).error().startsWith("TimeoutException"));
    }
}
