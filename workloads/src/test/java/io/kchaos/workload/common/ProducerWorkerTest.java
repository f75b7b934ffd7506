package io.kchaos.workload.common;

import io.kchaos.testkit.ThreadStates;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.ValuePadding;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Producer;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProducerWorkerTest {
    private static final String TOPIC = "t";
    private static final Node NODE = new Node(1, "localhost", 9092);
    private static final Cluster CLUSTER = new Cluster("c", List.of(NODE), List.of(
            new PartitionInfo(TOPIC, 0, NODE, new Node[]{NODE}, new Node[]{NODE}),
            new PartitionInfo(TOPIC, 1, NODE, new Node[]{NODE}, new Node[]{NODE}),
            new PartitionInfo(TOPIC, 2, NODE, new Node[]{NODE}, new Node[]{NODE})), Set.of(), Set.of());

    @TempDir
    Path dir;
    private RecordedHistory history;
    private final WorkloadStats stats = new WorkloadStats();
    private SendRecorder recorder;
    private ProducerWorker worker;
    private int valueBytes;
    private Thread thread;

    private void start(Producer<String, String> producer, int inFlight, double rate) {
        start(producer, 1, inFlight, rate);
    }

    private void start(Producer<String, String> producer, int partitions, int inFlightPerPartition, double rate) {
        start(producer, partitions, inFlightPerPartition, rate, () -> partitions);
    }

    private void start(Producer<String, String> producer, int partitions, int inFlightPerPartition, double rate,
                       IntSupplier count) {
        history = new RecordedHistory(dir);
        recorder = new SendRecorder(history.writer, stats, new SendErrorClassifier(false), TopicLayout.single(TOPIC, partitions));
        worker = new ProducerWorker(TopicLayout.single(TOPIC, partitions), JavaClientKind.sender(producer), recorder, new SendPacer(rate), new ProcessIds(),
                new AtomicLong(), 42, inFlightPerPartition, count, p -> true, valueBytes);
        thread = new Thread(worker);
        thread.start();
    }

    private void stopWorker() throws InterruptedException {
        worker.stopSending();
        thread.join(5_000);
        assertFalse(thread.isAlive());
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (worker != null) stopWorker();
        if (history != null) history.close();
    }

    @Test
    void pipelinesUpToTheLimitAndRetiresAProcessAfterInfo() throws Exception {
        MockProducer<String, String> mock = mock(false);
        start(mock, 2, 0);
        history.await("two sends", ops -> count(ops, OpType.INVOKE) == 2);
        ThreadStates.awaitParkedIn(thread, PartitionSlots.class, "take", Duration.ofSeconds(10)); // waits for a free slot
        assertEquals(2, count(history.ops(), OpType.INVOKE), "no more than 2 sends in flight");
        List<Op> invokes = history.ops("send", OpType.INVOKE);
        int first = invokes.get(0).process();
        int second = invokes.get(1).process();
        assertNotEquals(first, second);

        mock.errorNext(new NetworkException("connection lost")); // completes the oldest send
        history.await("third send", ops -> count(ops, OpType.INVOKE) == 3);
        int third = history.ops("send", OpType.INVOKE).get(2).process();
        assertTrue(third != first && third != second, "after info the slot continues as a new process");

        mock.completeNext();
        history.await("fourth send", ops -> count(ops, OpType.INVOKE) == 4);
        assertEquals(second, history.ops("send", OpType.INVOKE).get(3).process(), "after ok the process is reused");

        Op info = history.ops("send", OpType.INFO).get(0);
        assertEquals(first, info.process());
        assertEquals("NetworkException: connection lost", info.error());
        assertEquals(invokes.get(0).value(), info.value());
        Op ok = history.ops("send", OpType.OK).get(0);
        assertEquals(second, ok.process());
        long value = invokes.get(1).value().get("value").asLong();
        assertEquals(value, ok.value().get("value").asLong());
        ProducerRecord<String, String> sent = mock.history().get(1);
        assertEquals(Long.toString(value), sent.value());
        assertEquals(sent.partition().intValue(), ok.value().get("partition").asInt());
        assertTrue(ok.value().has("offset"));

        stopWorker();
        worker = null;
        assertEquals(2, recorder.abandonInFlight());
        List<Op> abandoned = history.ops("send", OpType.INFO).subList(1, 3);
        abandoned.forEach(op -> assertEquals(SendRecorder.NO_COMPLETION, op.error()));
        int completions = history.ops().size();
        mock.completeNext(); // a late callback after stop is ignored
        assertEquals(completions, history.ops().size());
        assertEachInvokeCompletedOnce(history.ops());
        assertEquals(1, stats.ok.sum());
        assertEquals(3, stats.info.sum());
    }

    @Test
    void paddedValuesAreTheSizeAskedForAndTheHistoryRecordsTheirNumbers() throws Exception {
        valueBytes = 4096;
        MockProducer<String, String> mock = mock(true);
        start(mock, 4, 1000);
        history.await("three oks", ops -> count(ops, OpType.OK) >= 3);
        stopWorker();
        worker = null;

        List<Op> invokes = history.ops("send", OpType.INVOKE);
        for (int i = 0; i < 3; i++) {
            String sent = mock.history().get(i).value();
            assertEquals(valueBytes, sent.getBytes(StandardCharsets.UTF_8).length);
            assertTrue(invokes.get(i).value().get("value").isIntegralNumber(), invokes.get(i)::toString);
            assertEquals(invokes.get(i).value().get("value").asLong(), ValuePadding.decode(sent));
        }
    }

    @Test
    void errorThrownBySendBeforeAppendIsFailAndKeepsTheProcess() throws Exception {
        MockProducer<String, String> mock = mock(true);
        mock.sendException = new TimeoutException("Topic t not present in metadata after 5000 ms.");
        start(mock, 2, 1000);
        history.await("fails", ops -> count(ops, OpType.FAIL) >= 5);
        stopWorker();
        worker = null;
        List<Op> ops = history.ops();
        assertEquals(0, count(ops, OpType.INFO));
        assertEquals(Set.of(0, 1), ops.stream().map(Op::process).collect(Collectors.toSet()));
        assertEachInvokeCompletedOnce(ops);
    }

    @Test
    void callbackCalledInsideSendIsJudgedAsRaisedInSend() throws Exception {
        start(new SyncErrorProducer(new TimeoutException("Topic t not present in metadata after 5000 ms.")), 1, 1000);
        history.await("fails", ops -> count(ops, OpType.FAIL) >= 2);
        stopWorker();
        worker = null;
        assertEquals(0, count(history.ops(), OpType.INFO));
        assertEachInvokeCompletedOnce(history.ops());
    }

    @Test
    void errorRaisedInSendThatMayFollowTheAppendIsInfo() throws Exception {
        start(new SyncErrorProducer(new ProducerFencedException("fenced")), 1, 1000);
        history.await("infos", ops -> count(ops, OpType.INFO) >= 2);
        stopWorker();
        worker = null;
        assertEquals(0, count(history.ops(), OpType.FAIL));
        Set<Integer> processes = new HashSet<>();
        for (Op op : history.ops("send", OpType.INFO)) assertTrue(processes.add(op.process()), "a new process each time");
    }

    @Test
    void aPartitionWhoseSendsHangDoesNotStopTheOthers() throws Exception {
        StuckPartitionProducer producer = new StuckPartitionProducer(0);
        start(producer, 3, 2, 0);
        history.await("sends to the other partitions", ops -> count(ops, OpType.OK) >= 200);
        List<Op> invokes = history.ops("send", OpType.INVOKE);
        long okTo0 = history.ops("send", OpType.OK).stream().filter(o -> o.value().get("partition").asInt() == 0).count();
        assertEquals(0, okTo0);
        assertEquals(2, producer.hanging(), "partition 0 holds exactly its own two slots");
        assertTrue(invokes.size() >= 202);
    }

    @Test
    void spreadsRecordsOverAllPartitions() throws Exception {
        MockProducer<String, String> mock = mock(true);
        start(mock, 3, 2, 0);
        history.await("sends", ops -> count(ops, OpType.OK) >= 60);
        stopWorker();
        worker = null;
        Map<Integer, Long> perPartition = history.ops("send", OpType.OK).stream()
                .collect(Collectors.groupingBy(o -> o.value().get("partition").asInt(), Collectors.counting()));
        assertEquals(Set.of(0, 1, 2), perPartition.keySet());
        Set<Long> values = new HashSet<>();
        history.ops("send", OpType.INVOKE).forEach(o -> assertTrue(values.add(o.value().get("value").asLong())));
    }

    @Test
    void writesToPartitionsTheTopicGainsMidRun() throws Exception {
        AtomicInteger count = new AtomicInteger(1);
        start(mock(true), 1, 2, 0, count::get);
        history.await("sends to partition 0", ops -> count(ops, OpType.OK) >= 20);
        count.set(3);
        history.await("sends to the partitions added", ops -> ops.stream().filter(o -> o.type() == OpType.OK)
                .map(o -> o.value().get("partition").asInt()).collect(Collectors.toSet()).containsAll(Set.of(1, 2)));
        stopWorker();
        worker = null;
        assertEachInvokeCompletedOnce(history.ops());
    }

    private static MockProducer<String, String> mock(boolean autoComplete) {
        return new MockProducer<>(CLUSTER, autoComplete, null, new StringSerializer(), new StringSerializer());
    }

    private static long count(List<Op> ops, OpType type) {
        return ops.stream().filter(o -> o.type() == type).count();
    }

    /** Every invoke has exactly one completion of the same process and f, after it. */
    private static void assertEachInvokeCompletedOnce(List<Op> ops) {
        Map<Integer, Boolean> open = new java.util.HashMap<>();
        for (Op op : ops) {
            if (op.isInvoke()) {
                assertFalse(open.getOrDefault(op.process(), false), "process " + op.process() + " ran two ops at once");
                open.put(op.process(), true);
            } else {
                assertTrue(open.getOrDefault(op.process(), false), "completion without invoke: " + op);
                open.put(op.process(), false);
            }
        }
        assertFalse(open.containsValue(true), "invoke without completion");
    }

    /** Completes every send at once, except those to one partition, which never complete (a leaderless partition). */
    private static final class StuckPartitionProducer extends MockProducer<String, String> {
        private final int stuck;
        private final java.util.concurrent.atomic.AtomicInteger hanging = new java.util.concurrent.atomic.AtomicInteger();
        private final AtomicLong offset = new AtomicLong();

        StuckPartitionProducer(int stuck) {
            super(CLUSTER, true, null, new StringSerializer(), new StringSerializer());
            this.stuck = stuck;
        }

        int hanging() {
            return hanging.get();
        }

        @Override
        public synchronized Future<RecordMetadata> send(ProducerRecord<String, String> record, Callback callback) {
            if (record.partition() == stuck) {
                hanging.incrementAndGet();
                return new CompletableFuture<>();
            }
            RecordMetadata m = new RecordMetadata(new org.apache.kafka.common.TopicPartition(TOPIC, record.partition()),
                    offset.getAndIncrement(), 0, 0L, 0, 0);
            callback.onCompletion(m, null);
            return CompletableFuture.completedFuture(m);
        }
    }

    /** Like KafkaProducer.doSend on an ApiException: calls the callback on the caller's thread, inside send(). */
    private static final class SyncErrorProducer extends MockProducer<String, String> {
        private final RuntimeException error;

        SyncErrorProducer(RuntimeException error) {
            super(CLUSTER, true, null, new StringSerializer(), new StringSerializer());
            this.error = error;
        }

        @Override
        public synchronized Future<RecordMetadata> send(ProducerRecord<String, String> record, Callback callback) {
            callback.onCompletion(null, error);
            return CompletableFuture.failedFuture(error);
        }
    }
}
