package io.kchaos.checker.replica;

import io.kchaos.testkit.SyntheticSegmentWriter;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static io.kchaos.checker.replica.ReplicaFixture.PARTITION;
import static io.kchaos.checker.replica.ReplicaFixture.TOPIC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading one broker log dir: meta.properties, checkpoints, partition folders, segments and their batches. */
class BrokerLogDirTest {
    @TempDir
    Path tmp;

    @Test
    void readsNodeIdCheckpointsAndPartitionsSkippingInternalTopics() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.write();
        BrokerLogDir dir = BrokerLogDir.open(f.logDir(2));
        TopicPartition tp = new TopicPartition(TOPIC, PARTITION);
        assertEquals(2, dir.nodeId());
        assertTrue(dir.cleanShutdown());
        assertEquals(OptionalLong.of(90), dir.highWatermarks().offset(tp));
        assertEquals(OptionalLong.of(0), dir.highWatermarks().offset(new TopicPartition("__consumer_offsets", 0)));
        assertEquals(OptionalLong.of(90), dir.recoveryPoints().offset(tp));
        assertEquals(List.of(tp), dir.partitions().stream().map(PartitionDir::topicPartition).toList());
        PartitionDir p = dir.partitions().get(0);
        assertEquals(List.of(0L, 50L), p.segments().stream().map(Segment::baseOffset).toList());
        assertEquals(List.of(new EpochEntry(0, 0), new EpochEntry(1, 30), new EpochEntry(2, 60)), p.leaderEpochs().entries());
        assertEquals(List.of(), dir.checkpointProblems());
    }

    @Test
    void internalTopicsAreReadWhenAskedFor() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.write();
        BrokerLogDir dir = BrokerLogDir.open(f.logDir(1), "__consumer_offsets"::equals);
        assertEquals(List.of(new TopicPartition("__consumer_offsets", 0)), dir.partitions().stream().map(PartitionDir::topicPartition).toList());
    }

    @Test
    void olderBrokersNameTheNodeBrokerId() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("old"));
        ReplicaFixture.write(dir.resolve(BrokerLogDir.META_PROPERTIES), "version=0\nbroker.id=7\n");
        BrokerLogDir d = BrokerLogDir.open(dir);
        assertEquals(7, d.nodeId());
        assertFalse(d.cleanShutdown());
        assertFalse(d.highWatermarks().present());
    }

    @Test
    void metaPropertiesWithoutANodeIdIsNotALogDir() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        ReplicaFixture.write(dir.resolve(BrokerLogDir.META_PROPERTIES), "version=1\ncluster.id=x\n");
        InvalidLogDirException e = assertThrows(InvalidLogDirException.class, () -> BrokerLogDir.open(dir));
        assertTrue(e.getMessage().contains("node.id"));
    }

    @Test
    void partitionFolderNamesSplitAtTheLastDash() {
        assertEquals(Optional.of(new TopicPartition("my-topic-v2", 11)), PartitionDir.parseName("my-topic-v2-11"));
        assertEquals(Optional.empty(), PartitionDir.parseName("my-topic-0.0123456789abcdef0123456789abcdef-delete"));
        assertEquals(Optional.empty(), PartitionDir.parseName("my-topic-0.0123456789abcdef0123456789abcdef-future"));
        assertEquals(Optional.empty(), PartitionDir.parseName("nodash"));
    }

    @Test
    void checkpointProblemsNameTheLine() throws Exception {
        Path file = tmp.resolve("cp");
        ReplicaFixture.write(file, "0\n3\nt 0 5\nt x 6\nt 2\n");
        OffsetCheckpoint cp = OffsetCheckpoint.read(file);
        assertEquals(OptionalLong.of(5), cp.offset(new TopicPartition("t", 0)));
        assertEquals(List.of(4, 5), cp.problems().stream().map(CheckpointProblem::line).toList());

        ReplicaFixture.write(file, "1\n0\n");
        assertEquals(1, OffsetCheckpoint.read(file).problems().get(0).line());

        ReplicaFixture.write(file, "0\n2\n3 40\n");
        CheckpointProblem count = LeaderEpochCheckpoint.read(file).problems().get(0);
        assertEquals(2, count.line());
        assertTrue(count.reason().contains("declares 2"));

        ReplicaFixture.write(file, "");
        assertEquals(List.of(), LeaderEpochCheckpoint.read(file).problems(), "Kafka reads an empty checkpoint as no entries");

        Files.write(file, new byte[] {'0', '\n', '1', '\n', (byte) 0xff, (byte) 0xfe, ' ', '1', '\n'});
        assertEquals(3, LeaderEpochCheckpoint.read(file).problems().get(0).line(), "binary garbage is a bad line, not a crash");
    }

    @Test
    void cursorStreamsBatchesAndRecordsInOffsetOrder() {
        ReplicaFixture f = new ReplicaFixture(tmp);
        f.write();
        PartitionDir p = BrokerLogDir.open(f.logDir(1)).partitions().get(0);
        List<Long> bases = new ArrayList<>();
        List<String> values = new ArrayList<>();
        try (LogCursor c = p.openCursor()) {
            LogEvent e;
            while ((e = c.next()) != null) {
                BatchInfo b = assertInstanceOf(BatchInfo.class, e);
                assertTrue(b.crcValid());
                assertEquals(ReplicaFixture.epochOf(b.baseOffset()), b.leaderEpoch());
                assertEquals(b.baseOffset() + 9, b.lastOffset());
                assertEquals(10, b.recordCount());
                assertEquals(2, b.magic());
                bases.add(b.baseOffset());
                if (b.baseOffset() == 30) {
                    c.readRecords(r -> values.add(new String(r.keyBytes(), StandardCharsets.UTF_8) + "=" + new String(r.valueBytes(), StandardCharsets.UTF_8)));
                }
            }
        }
        assertEquals(List.of(0L, 10L, 20L, 30L, 40L, 50L, 60L, 70L, 80L), bases);
        assertEquals("k0=5030", values.get(0));
        assertEquals("k0=5039", values.get(9));
        assertEquals(10, values.size());
    }

    @Test
    void bytesThatDoNotParseEndTheSegmentAsUnreadable() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("t-0"));
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(folder, 0)) {
            w.append(ReplicaFixture.batch(0, 0, 1L));
            w.append(ByteBuffer.allocate(64)); // zeros, as a preallocated segment leaves after a crash
        }
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(folder, 10)) {
            w.append(ReplicaFixture.batch(10, 0, 1L));
        }
        PartitionDir p = PartitionDir.read(folder, new TopicPartition("t", 0));
        try (LogCursor c = p.openCursor()) {
            assertEquals(0, ((BatchInfo) c.next()).baseOffset());
            UnreadableBytes u = assertInstanceOf(UnreadableBytes.class, c.next());
            assertEquals(64, u.length());
            assertEquals(10, u.nextSegmentBaseOffset());
            assertEquals(10, ((BatchInfo) c.next()).baseOffset());
            assertNull(c.next());
        }
    }
}
