package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.CorruptRecordException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DrainerTest {
    private static final List<TopicPartition> PARTITIONS = Partitions.of("t", 3);

    @TempDir
    Path dir;
    private RecordedHistory history;
    private final WorkloadStats stats = new WorkloadStats();

    @BeforeEach
    void setUp() {
        history = new RecordedHistory(dir);
    }

    @AfterEach
    void tearDown() {
        history.close();
    }

    /** {@code c} with partition 0's offsets 0-2, partition 1's 0-3, partition 2 empty at log start 5. */
    private static MockConsumer<String, String> offsets(MockConsumer<String, String> c) {
        c.updateBeginningOffsets(Map.of(PARTITIONS.get(0), 0L, PARTITIONS.get(1), 0L, PARTITIONS.get(2), 5L));
        c.updateEndOffsets(Map.of(PARTITIONS.get(0), 3L, PARTITIONS.get(1), 4L, PARTITIONS.get(2), 5L));
        return c;
    }

    /** Partition 0: offsets 0-2; partition 1: 0-3; partition 2: empty, log start 5; the records arrive at the first poll. */
    private static MockConsumer<String, String> consumer(int maxPollRecords) {
        MockConsumer<String, String> c = offsets(new MockConsumer<>("earliest"));
        c.setMaxPollRecords(maxPollRecords);
        c.schedulePollTask(() -> {
            for (long o = 0; o < 3; o++) c.addRecord(record(0, o));
            for (long o = 0; o < 4; o++) c.addRecord(record(1, o));
        });
        return c;
    }

    private static ConsumerRecord<String, String> record(int p, long o) {
        return new ConsumerRecord<>("t", p, o, "k" + p, String.valueOf(100 * p + o));
    }

    private boolean drain(MockConsumer<String, String> c, Duration timeout, int maxPerOp) {
        return new Drainer(() -> c, TopicLayout.single("t", PARTITIONS.size()), history.writer, stats, 7, timeout, maxPerOp).run();
    }

    @Test
    void aLogStartThatMovesPastTheDrainIsReportedAndTheReadGoesOnFromIt() {
        MockConsumer<String, String> c = offsets(new MockConsumer<>("none"));
        c.schedulePollTask(() -> { // retention deletes offsets 0-1 of partition 0 before the drain fetched them
            c.updateBeginningOffsets(Map.of(PARTITIONS.get(0), 2L));
            c.setPollException(new org.apache.kafka.clients.consumer.OffsetOutOfRangeException("out of range", Map.of(PARTITIONS.get(0), 0L)));
        });
        c.schedulePollTask(() -> {
            c.addRecord(record(0, 2));
            for (long o = 0; o < 4; o++) c.addRecord(record(1, o));
        });
        assertTrue(drain(c, Duration.ofSeconds(10), 100), "every partition read completely");
        Map<String, Long> starts = new HashMap<>();
        for (Op ok : history.ops("drain", OpType.OK)) {
            ok.value().get("start-offsets").fields().forEachRemaining(e -> starts.put(e.getKey(), e.getValue().asLong()));
        }
        assertEquals(Map.of("0", 2L, "1", 0L, "2", 5L), starts, "partition 0 reports the log start it moved to");
        assertEquals(5, stats.drained.sum());
    }

    @Test
    void anOffsetAboveATruncatedLogStopsThatPartitionWithTheError() {
        MockConsumer<String, String> c = offsets(new MockConsumer<>("none"));
        c.schedulePollTask(() -> {
            c.addRecord(record(0, 0));
            for (long o = 0; o < 4; o++) c.addRecord(record(1, o));
        });
        c.schedulePollTask(() -> c.setPollException(new org.apache.kafka.clients.consumer.OffsetOutOfRangeException("out of range", Map.of(PARTITIONS.get(0), 1L))));
        assertFalse(drain(c, Duration.ofSeconds(10), 100), "partition 0 cannot be read completely");
        JsonNode last = history.ops("drain", OpType.OK).get(history.ops("drain", OpType.OK).size() - 1).value();
        assertTrue(last.path("unfinished").path("0").toString().contains("out of range"), last.toString());
    }

    @Test
    void readsThePartitionsTheTopicGainedAfterTheLayoutWasMade() {
        MockConsumer<String, String> c = consumer(10);
        Node n = new Node(1, "localhost", 9092);
        List<PartitionInfo> infos = new ArrayList<>();
        for (int p = 0; p < 3; p++) infos.add(new PartitionInfo("t", p, n, new Node[]{n}, new Node[]{n}));
        c.updatePartitions("t", infos);
        assertTrue(new Drainer(() -> c, TopicLayout.single("t", 1), history.writer, stats, 7, Duration.ofSeconds(10), 100).run());
        Map<String, Long> ends = new HashMap<>();
        for (Op ok : history.ops("drain", OpType.OK)) {
            ok.value().get("end-offsets").fields().forEachRemaining(e -> ends.put(e.getKey(), e.getValue().asLong()));
        }
        assertEquals(Map.of("0", 3L, "1", 4L, "2", 5L), ends, "partitions 1 and 2, added later, are drained too");
        assertEquals(7, stats.drained.sum());
    }

    @Test
    void readsEverythingIntoAlternatingDrainOpsOfOneProcess() {
        assertTrue(drain(consumer(2), Duration.ofSeconds(10), 3));
        List<Op> ops = history.ops();
        assertEquals(6, ops.size(), "7 records in ops of at most 3: three invoke/ok pairs");
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            assertEquals(7, op.process());
            assertEquals("drain", op.f());
            assertEquals(i % 2 == 0 ? OpType.INVOKE : OpType.OK, op.type());
        }
        Map<String, Long> ends = new HashMap<>();
        List<String> read = new ArrayList<>();
        for (Op ok : history.ops("drain", OpType.OK)) {
            assertTrue(ok.value().get("records").size() <= 3);
            ok.value().get("end-offsets").fields().forEachRemaining(e -> {
                assertFalse(ends.containsKey(e.getKey()), "partition listed twice: " + e.getKey());
                ends.put(e.getKey(), e.getValue().asLong());
            });
            for (JsonNode r : ok.value().get("records")) {
                read.add(r.get("partition").asInt() + "/" + r.get("offset").asLong() + "=" + r.get("value").asLong());
            }
        }
        assertEquals(Map.of("0", 3L, "1", 4L, "2", 5L), ends);
        assertTrue(history.ops("drain", OpType.OK).get(0).value().get("end-offsets").has("2"),
                "the empty partition is listed in the first op");
        assertEquals(List.of("0/0=0", "0/1=1", "0/2=2", "1/0=100", "1/1=101", "1/2=102", "1/3=103"),
                read.stream().sorted().toList());
        assertEquals(7, stats.drained.sum());
    }

    @Test
    void partitionNotReadCompletelyInTimeIsNotListed() {
        MockConsumer<String, String> c = consumer(500);
        c.updateEndOffsets(Map.of(PARTITIONS.get(1), 6L)); // offsets 4 and 5 never arrive
        assertFalse(drain(c, Duration.ofMillis(600), 10_000));
        List<Op> oks = history.ops("drain", OpType.OK);
        assertEquals(1, oks.size());
        JsonNode ends = oks.get(0).value().get("end-offsets");
        assertTrue(ends.has("0") && ends.has("2"));
        assertFalse(ends.has("1"));
        assertEquals(7, oks.get(0).value().get("records").size(), "what was read is still recorded");
    }

    @Test
    void offsetsThatCannotBeFetchedMakeTheDrainInfo() {
        MockConsumer<String, String> c = new MockConsumer<>("earliest") {
            @Override
            public Map<TopicPartition, Long> beginningOffsets(Collection<TopicPartition> partitions, Duration timeout) {
                throw new TimeoutException("Failed to get offsets by times in 5000ms");
            }
        };
        assertFalse(drain(c, Duration.ofMillis(300), 10_000));
        List<Op> ops = history.ops();
        assertEquals(2, ops.size());
        assertEquals(OpType.INVOKE, ops.get(0).type());
        assertEquals(OpType.INFO, ops.get(1).type());
        assertEquals("TimeoutException: Failed to get offsets by times in 5000ms", ops.get(1).error());
    }

    /**
     * kafka-clients' error for a record it cannot read, as its CompletedFetch words it; the consumer repeats it on every
     * poll until the application seeks past the record.
     */
    private static KafkaException unreadable(String topicPartition) {
        return new KafkaException("Received exception when fetching the next record from " + topicPartition
                + ". If needed, please seek past the record to continue consumption.",
                new CorruptRecordException("Record is corrupt (stored crc = 1, computed crc = 2)"));
    }

    @Test
    void aPartitionWhoseNextRecordCannotBeReadIsPausedAndTheOthersAreDrained() {
        int[] pollsAfterPause = {0};
        MockConsumer<String, String> c = new MockConsumer<>("earliest") {
            @Override
            public synchronized ConsumerRecords<String, String> poll(Duration timeout) {
                if (!paused().contains(PARTITIONS.get(1))) throw unreadable("t-1");
                pollsAfterPause[0]++;
                return super.poll(timeout);
            }
        };
        c.updateBeginningOffsets(Map.of(PARTITIONS.get(0), 0L, PARTITIONS.get(1), 0L, PARTITIONS.get(2), 5L));
        c.updateEndOffsets(Map.of(PARTITIONS.get(0), 3L, PARTITIONS.get(1), 4L, PARTITIONS.get(2), 5L));
        c.schedulePollTask(() -> {
            for (long o = 0; o < 3; o++) c.addRecord(record(0, o));
        });
        assertFalse(drain(c, Duration.ofSeconds(60), 10_000), "partition 1 was not read completely");
        JsonNode ends = history.ops("drain", OpType.OK).get(0).value().get("end-offsets");
        assertEquals(Map.of("0", 3L, "2", 5L), Map.of("0", ends.path("0").asLong(), "2", ends.path("2").asLong()));
        assertFalse(ends.has("1"), "the unreadable partition is not listed: " + ends);
        assertTrue(pollsAfterPause[0] <= 2, "the drain ended once the readable partitions were read, not at its deadline: "
                + pollsAfterPause[0] + " polls");
    }

    @Test
    void anErrorThatNamesNoPartitionOfTheDrainIsRetried() {
        assertEquals(OptionalInt.of(1), Drainer.unreadablePartition(unreadable("t-1"), PARTITIONS));
        assertEquals(OptionalInt.empty(), Drainer.unreadablePartition(unreadable("t-10"), PARTITIONS), "t-10 is not t-1");
        assertEquals(OptionalInt.empty(), Drainer.unreadablePartition(unreadable("other-1"), PARTITIONS));
        assertEquals(OptionalInt.empty(), Drainer.unreadablePartition(new TimeoutException("Timeout of 500ms expired"), PARTITIONS));
        MockConsumer<String, String> c = consumer(500);
        c.setPollException(unreadable("other-1")); // thrown by the first poll only, as a passing error would be
        assertTrue(drain(c, Duration.ofSeconds(60), 10_000), "every partition read after the error");
        assertEquals(List.of(), c.paused().stream().toList(), "nothing paused");
    }
}
