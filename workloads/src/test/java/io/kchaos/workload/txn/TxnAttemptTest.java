package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.JavaTxnClient;
import io.kchaos.workload.common.RecordedHistory;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The outcome rules of one transaction, against Kafka's MockProducer. */
class TxnAttemptTest {
    private static final Node NODE = new Node(1, "localhost", 9092);
    private static final Cluster CLUSTER = new Cluster("c", List.of(NODE), List.of(
            new PartitionInfo("t", 0, NODE, new Node[]{NODE}, new Node[]{NODE}),
            new PartitionInfo("t", 1, NODE, new Node[]{NODE}, new Node[]{NODE})), Set.of(), Set.of());
    private static final TxnSpec TWO_SENDS = new TxnSpec(List.of(new TxnSpec.Send("k1", 10, 0), new TxnSpec.Send("k2", 11, 1)),
            false, false);

    @TempDir
    Path dir;
    private RecordedHistory history;
    private final WorkloadStats stats = new WorkloadStats();
    private MockProducer<String, String> producer;
    private TxnAttempt attempt;

    @BeforeEach
    void setUp() {
        history = new RecordedHistory(dir);
        producer = new MockProducer<>(CLUSTER, true, null, new StringSerializer(), new StringSerializer());
        producer.initTransactions();
        attempt = new TxnAttempt(history.writer, "t", stats);
    }

    @AfterEach
    void tearDown() {
        history.close();
    }

    private Op completion() {
        List<Op> ops = history.ops();
        assertEquals(2, ops.size(), ops::toString);
        assertEquals(OpType.INVOKE, ops.get(0).type());
        assertEquals("txn", ops.get(1).f());
        return ops.get(1);
    }

    @Test
    void committedTransactionIsOkWithEveryOffset() {
        TxnAttempt.Outcome o = attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertEquals(OpType.OK, o.type());
        assertEquals(true, o.producerUsable());
        assertTrue(producer.transactionCommitted());
        Op ok = completion();
        assertEquals(3, ok.process());
        assertNull(ok.error());
        JsonNode mops = ok.value().get("txn");
        assertEquals("[\"send\",\"k1\",10,{\"partition\":0,\"offset\":0}]", mops.get(0).toString());
        assertEquals("[\"send\",\"k2\",11,{\"partition\":1,\"offset\":0}]", mops.get(1).toString());
        assertFalse(ok.value().get("abort").asBoolean());
        assertEquals("{\"txn\":[[\"send\",\"k1\",10,{\"partition\":0}],[\"send\",\"k2\",11,{\"partition\":1}]],\"abort\":false}",
                history.ops().get(0).value().toString());
        assertEquals(1, stats.ok.sum());
    }

    @Test
    void deliberateAbortThatReturnsIsFail() {
        TxnSpec abort = new TxnSpec(TWO_SENDS.sends(), false, true);

        TxnAttempt.Outcome o = attempt.run(3, abort, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertEquals(OpType.FAIL, o.type());
        assertEquals(true, o.producerUsable());
        assertTrue(producer.transactionAborted());
        Op fail = completion();
        assertEquals(OpType.FAIL, fail.type());
        assertTrue(fail.value().get("abort").asBoolean());
        assertNull(fail.error());
    }

    @Test
    void errorWhileCommittingIsInfoAndTheProducerMustBeReplaced() {
        producer.commitTransactionException = new TimeoutException("Timeout expired after 5000ms while awaiting EndTxn");

        TxnAttempt.Outcome o = attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertEquals(OpType.INFO, o.type());
        assertEquals(false, o.producerUsable());
        Op info = completion();
        assertEquals(OpType.INFO, info.type());
        assertTrue(info.error().startsWith("TimeoutException"), info.error());
        assertEquals(0, info.value().get("txn").get(0).get(3).get("offset").asLong(), "acknowledged sends keep their offsets");
    }

    @Test
    void failedSendIsAbortedAndFail() {
        MockProducer<String, String> manual = new MockProducer<>(CLUSTER, false, null, new StringSerializer(), new StringSerializer()) {
            @Override
            public synchronized void flush() {
                errorNext(new NetworkException("connection lost"));
                while (completeNext()) {
                    // completes the other send
                }
            }
        };
        manual.initTransactions();

        TxnAttempt.Outcome o = attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(manual), "kchaos-txn-0", 0), null);

        assertEquals(OpType.FAIL, o.type());
        assertEquals(true, o.producerUsable());
        assertTrue(manual.transactionAborted());
        Op fail = completion();
        assertEquals("NetworkException: connection lost", fail.error());
        assertFalse(fail.value().get("txn").get(0).get(3).has("offset"), "the failed send has no offset");
        assertTrue(fail.value().get("txn").get(1).get(3).has("offset"));
    }

    @Test
    void abortThatFailsIsInfo() {
        producer.abortTransactionException = new ProducerFencedException("fenced");

        TxnAttempt.Outcome o = attempt.run(3, new TxnSpec(TWO_SENDS.sends(), false, true), new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertEquals(OpType.INFO, o.type());
        assertEquals(false, o.producerUsable());
        assertEquals("ProducerFencedException: fenced", completion().error());
    }

    @Test
    void beginThatThrowsSentNothingAndIsFail() {
        producer.beginTransactionException = new ProducerFencedException("fenced");

        TxnAttempt.Outcome o = attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertEquals(OpType.FAIL, o.type());
        assertEquals(false, o.producerUsable());
        assertTrue(producer.history().isEmpty());
        assertFalse(completion().value().get("txn").get(0).get(3).has("offset"));
    }

    @Test
    void roundsAreSentOneAfterTheOtherEachAcknowledgedFirst() {
        List<Integer> sentAtFlush = new ArrayList<>();
        RoundProducer manual = new RoundProducer(p -> {
            sentAtFlush.add(p.sent);
            while (p.completeNext()) {
                // acknowledges every send so far
            }
        });
        manual.initTransactions();
        TxnSpec rounds = new TxnSpec(List.of(new TxnSpec.Send("k1", 10, 0), new TxnSpec.Send("k2", 11, 1),
                new TxnSpec.Send("k3", 12, 0)), List.of(1, 2), false, false);

        TxnAttempt.Outcome o = attempt.run(3, rounds, new TxnProducer(new JavaTxnClient(manual), "kchaos-txn-0", 0), null);

        assertEquals(OpType.OK, o.type());
        assertEquals(true, o.producerUsable());
        assertEquals(List.of(1, 3), sentAtFlush.subList(0, 2), "the second round is sent once the first one is flushed");
        Op ok = completion();
        assertEquals("[1,2]", ok.value().get("rounds").toString());
        assertEquals("[1,2]", history.ops().get(0).value().get("rounds").toString());
        assertEquals(1, ok.value().get("txn").get(2).get(3).get("offset").asLong());
    }

    @Test
    void aFailedRoundEndsTheTransactionWithAnAbortBeforeTheNextRound() {
        RoundProducer manual = new RoundProducer(p -> p.errorNext(new NetworkException("connection lost")));
        manual.initTransactions();
        TxnSpec rounds = new TxnSpec(List.of(new TxnSpec.Send("k1", 10, 0), new TxnSpec.Send("k2", 11, 1)),
                List.of(1, 1), false, false);

        TxnAttempt.Outcome o = attempt.run(3, rounds, new TxnProducer(new JavaTxnClient(manual), "kchaos-txn-0", 0), null);

        assertEquals(OpType.FAIL, o.type());
        assertEquals(true, o.producerUsable());
        assertEquals(1, manual.sent, "the second round was never sent");
        assertTrue(manual.transactionAborted());
        assertFalse(completion().value().get("txn").get(1).get(3).has("offset"));
    }

    @Test
    void theCompletionNamesItsProducerAndOmitsTheIdAClientDoesNotTell() {
        attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-2", 5), null);

        JsonNode v = completion().value();
        assertEquals("kchaos-txn-2", v.get(TxnFields.TRANSACTIONAL_ID).asText());
        assertEquals(5, v.get(TxnFields.PRODUCER_INSTANCE).asInt());
        assertFalse(v.has(TxnFields.PRODUCER_ID), "MockProducer has no transaction manager to read");
        assertFalse(v.has(TxnFields.PRODUCER_EPOCH));
    }

    @Test
    void oneRoundWritesNoRoundsField() {
        attempt.run(3, TWO_SENDS, new TxnProducer(new JavaTxnClient(producer), "kchaos-txn-0", 0), null);

        assertFalse(completion().value().has("rounds"));
    }

    /** A MockProducer that completes sends only when flushed (as flush does), counting the sends. */
    private static final class RoundProducer extends MockProducer<String, String> {
        private final java.util.function.Consumer<RoundProducer> onFlush;
        int sent;

        RoundProducer(java.util.function.Consumer<RoundProducer> onFlush) {
            super(CLUSTER, false, null, new StringSerializer(), new StringSerializer());
            this.onFlush = onFlush;
        }

        @Override
        public synchronized Future<RecordMetadata> send(ProducerRecord<String, String> r, Callback callback) {
            sent++;
            return super.send(r, callback);
        }

        @Override
        public synchronized void flush() {
            onFlush.accept(this);
        }
    }

    /** A client at a given epoch (the Java client's epoch is read by reflection; MockProducer has none). */
    private static io.kchaos.workload.TxnClient atEpoch(MockProducer<String, String> producer, long producerId, int epoch) {
        JavaTxnClient inner = new JavaTxnClient(producer);
        return new io.kchaos.workload.TxnClient() {
            public void initTransactions() { inner.initTransactions(); }
            public void beginTransaction() { inner.beginTransaction(); }
            public Future<RecordMetadata> send(String topic, int partition, String key, String value) { return inner.send(topic, partition, key, value); }
            public void flush() { inner.flush(); }
            public void commitTransaction() { inner.commitTransaction(); }
            public void abortTransaction() { inner.abortTransaction(); }
            public void close(java.time.Duration timeout) { inner.close(timeout); }
            public java.util.Optional<ProducerIdAndEpoch> producerIdAndEpoch() { return java.util.Optional.of(new ProducerIdAndEpoch(producerId, epoch)); }
        };
    }

    @Test
    void aProducerAtTheStallEpochHoldsItsTransactionOpenOnceAndTheCompletionSaysForHowLong() {
        TxnAttempt stalling = new TxnAttempt(history.writer, "t", stats, new TxnStall(32766, 50, false));
        TxnProducer below = new TxnProducer(atEpoch(producer, 7, 32765), "kchaos-txn-0", 0);
        TxnProducer due = new TxnProducer(atEpoch(producer, 7, 32766), "kchaos-txn-0", 0);
        stalling.run(1, TWO_SENDS, below, null);
        long t0 = System.nanoTime();
        stalling.run(1, TWO_SENDS, due, null);
        long heldMs = (System.nanoTime() - t0) / 1_000_000;
        stalling.run(1, TWO_SENDS, due, null);
        List<Op> done = history.ops().stream().filter(op -> op.type() != OpType.INVOKE).toList();
        assertEquals(3, done.size(), done::toString);
        assertFalse(done.get(0).value().has(TxnFields.STALLED_MS), "below the epoch: no stall " + done.get(0));
        assertFalse(done.get(0).value().has(TxnFields.TRANSACTION_TIMEOUT_MS), "no stall, no timeout: " + done.get(0));
        assertTrue(done.get(1).value().path(TxnFields.STALLED_MS).asLong() >= 50 && heldMs >= 50, "held once at the epoch: " + done.get(1));
        assertEquals(TxnFields.DEFAULT_TRANSACTION_TIMEOUT_MS, done.get(1).value().path(TxnFields.TRANSACTION_TIMEOUT_MS).asInt(),
                "the producer's timeout beside the stall: " + done.get(1));
        assertEquals(OpType.OK, done.get(1).type(), "then committed");
        assertFalse(done.get(2).value().has(TxnFields.STALLED_MS), "once per producer id: " + done.get(2));
        assertEquals(0, TxnStall.NONE.hold(due), "no stall unless asked");
    }

    @Test
    void withStallThenAbortTheStalledTransactionIsAbortedByTheClient() {
        TxnAttempt stalling = new TxnAttempt(history.writer, "t", stats, new TxnStall(32766, 10, true));
        TxnAttempt.Outcome o = stalling.run(1, TWO_SENDS, new TxnProducer(atEpoch(producer, 7, 32766), "kchaos-txn-0", 0), null);
        assertEquals(OpType.FAIL, o.type(), "aborted after the stall");
        assertTrue(producer.transactionAborted());
        assertTrue(completion().value().path(TxnFields.STALLED_MS).asLong() >= 10);
    }

    @Test
    void aStalledTransactionRecordsItsProducersOwnTimeout() {
        TxnAttempt stalling = new TxnAttempt(history.writer, "t", stats, new TxnStall(32766, 10, true));
        stalling.run(1, TWO_SENDS, new TxnProducer(atEpoch(producer, 7, 32766), "kchaos-txn-0", 0, 60_000), null);
        JsonNode v = completion().value();
        assertTrue(v.path(TxnFields.STALLED_MS).asLong() >= 10, v::toString);
        assertEquals(60_000, v.path(TxnFields.TRANSACTION_TIMEOUT_MS).asInt(), v::toString);
    }
}
