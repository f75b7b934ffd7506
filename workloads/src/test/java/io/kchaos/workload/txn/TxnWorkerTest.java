package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.JavaTxnClient;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import io.kchaos.workload.common.SendPacer;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker's rules for fencing and re-initialization: a new producer and a new process after an info outcome. */
class TxnWorkerTest {
    @TempDir
    Path dir;

    @Test
    void afterAnIndeterminateCommitTheWorkerReinitializesAndContinuesAsANewProcess() throws Exception {
        List<MockProducer<String, String>> made = new ArrayList<>();
        Supplier<Producer<String, String>> factory = () -> {
            MockProducer<String, String> p = new MockProducer<>(true, null, new StringSerializer(), new StringSerializer());
            if (made.isEmpty()) p.commitTransactionException = new TimeoutException("EndTxn timed out");
            if (made.size() == 1) p.initTransactionException = new TimeoutException("coordinator not available");
            made.add(p);
            return p;
        };
        try (RecordedHistory history = new RecordedHistory(dir)) {
            TxnGenerator gen = new TxnGenerator(1, new AtomicLong(), 1, new TxnOptions(0, 0, 2, 1));
            TxnWorker w = new TxnWorker(new TxnInit(history.writer, "kchaos-txn-0", () -> new JavaTxnClient(factory.get())), null, gen,
                    new TxnAttempt(history.writer, "t", new WorkloadStats()), new SendPacer(200), new ProcessIds());
            Thread t = new Thread(w);
            t.start();
            history.await("three completions", ops -> ops.stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).count() >= 3);
            w.stopRunning();
            t.join(5_000);
            assertFalse(t.isAlive());

            List<Op> done = history.ops().stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).toList();
            assertEquals(OpType.INFO, done.get(0).type());
            assertEquals(OpType.OK, done.get(1).type());
            assertNotEquals(done.get(0).process(), done.get(1).process(), "a new process after info");
            assertEquals(done.get(1).process(), done.get(2).process(), "the same process after ok");
            assertEquals(1, w.initFailures(), "the second producer's init failed once and was retried with a third");
            assertTrue(made.get(0).closed() && made.get(1).closed(), "replaced producers are closed");
            assertTrue(made.size() >= 3);
            Set<Long> values = new HashSet<>();
            history.ops("txn", OpType.INVOKE).forEach(o -> o.value().get("txn").forEach(m -> assertTrue(values.add(m.get(2).asLong()))));
        }
    }

    @Test
    void theUsersTransactionTimeoutIsTheEffectiveOne() {
        assertEquals(TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS, TxnWorkload.transactionTimeoutMs(Map.of()), "the workload's");
        assertEquals(60_000, TxnWorkload.transactionTimeoutMs(Map.of("transaction.timeout.ms", " 60000")), "the user's wins");
        assertEquals(60_000, TxnWorkload.transactionTimeoutMs(Map.of("linger.ms", "5", "transaction.timeout.ms", "60000")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TxnWorkload.transactionTimeoutMs(Map.of("transaction.timeout.ms", "1m")));
        assertEquals("--producer-config transaction.timeout.ms=1m: not a whole number of milliseconds", e.getMessage());
    }

    @Test
    void aStalledTransactionsCompletionCarriesTheUsersTransactionTimeout() throws Exception {
        // --producer-config transaction.timeout.ms=60000 over the workload's 10 s: a 15 s stall is then short of it
        int timeoutMs = TxnWorkload.transactionTimeoutMs(Map.of("transaction.timeout.ms", "60000"));
        Supplier<TxnClient> factory = () -> new ForwardingTxnClient() {
            @Override
            public Optional<ProducerIdAndEpoch> producerIdAndEpoch() {
                return Optional.of(new ProducerIdAndEpoch(1000, 20));
            }
        };
        try (RecordedHistory history = new RecordedHistory(dir)) {
            TxnWorker w = new TxnWorker(new TxnInit(history.writer, "kchaos-txn-0", factory, timeoutMs), null,
                    new TxnGenerator(1, new AtomicLong(), 1, new TxnOptions(0, 0, 1, 1)),
                    new TxnAttempt(history.writer, "t", new WorkloadStats(), new TxnStall(20, 20, false)), new SendPacer(200), new ProcessIds());
            Thread t = new Thread(w);
            t.start();
            history.await("two completions", ops -> ops.stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).count() >= 2);
            w.stopRunning();
            t.join(5_000);
            assertFalse(t.isAlive());
            List<Op> done = history.ops().stream().filter(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)).toList();
            JsonNode stalled = done.get(0).value();
            assertTrue(stalled.path(TxnFields.STALLED_MS).asLong() >= 20, stalled::toString);
            assertEquals(60_000, stalled.path(TxnFields.TRANSACTION_TIMEOUT_MS).asInt(), "the user's, beside the stall: " + stalled);
            JsonNode next = done.get(1).value();
            assertFalse(next.has(TxnFields.STALLED_MS) || next.has(TxnFields.TRANSACTION_TIMEOUT_MS), "only beside a stall: " + next);
        }
    }

    @Test
    void aProducerThatCannotBeCreatedIsAFailedInitializationRetriedNotTheWorkersEnd() throws Exception {
        AtomicLong asked = new AtomicLong();
        Supplier<TxnClient> factory = () -> {
            if (asked.incrementAndGet() == 1) throw new IllegalArgumentException("invalid librdkafka producer settings: no answer");
            return new JavaTxnClient(new MockProducer<>(true, null, new StringSerializer(), new StringSerializer()));
        };
        try (RecordedHistory history = new RecordedHistory(dir)) {
            TxnWorker w = new TxnWorker(new TxnInit(history.writer, "kchaos-txn-0", factory), null, new TxnGenerator(1, new AtomicLong(), 1, new TxnOptions(0, 0, 2, 1)),
                    new TxnAttempt(history.writer, "t", new WorkloadStats()), new SendPacer(200), new ProcessIds());
            Thread t = new Thread(w);
            t.start();
            history.await("a completion", ops -> ops.stream().anyMatch(o -> !o.isInvoke() && o.f().equals(TxnAttempt.F)));
            w.stopRunning();
            t.join(5_000);
            assertFalse(t.isAlive());
            assertEquals(1, w.initFailures());
            assertEquals(OpType.OK, history.ops(TxnAttempt.F, OpType.OK).get(0).type());
            Op notCreated = history.ops(TxnInit.F, OpType.FAIL).get(0);
            assertFalse(notCreated.value().get(TxnFields.CLIENT_CREATED).asBoolean(), "a producer not created: a failed txn-init, nothing sent");
        }
    }
}
