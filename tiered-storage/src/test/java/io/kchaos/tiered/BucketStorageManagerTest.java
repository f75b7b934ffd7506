package io.kchaos.tiered;

import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.server.log.remote.storage.LogSegmentData;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteResourceNotFoundException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The storage manager on real files, with Kafka's own segment metadata and segment data classes. */
class BucketStorageManagerTest {
    private static final TopicIdPartition TP = new TopicIdPartition(Uuid.randomUuid(), 3, "queue");
    private static final byte[] LEADER_EPOCHS = LocalSegment.LEADER_EPOCHS;

    @TempDir
    Path tmp;
    private Path bucketDir;
    private BucketStorageManager rsm;
    private LocalSegment local;

    @BeforeEach
    void setUp() throws IOException {
        bucketDir = tmp.resolve("bucket");
        rsm = new BucketStorageManager();
        rsm.configure(Map.of(BucketStorageManager.BUCKET_DIR, bucketDir.toString(), BucketStorageManager.BROKER_ID, 1));
        local = new LocalSegment(Files.createDirectories(tmp.resolve("local")));
    }

    @AfterEach
    void tearDown() throws IOException {
        rsm.close();
    }

    @Test
    void copiedSegmentIsFetchedWholeAndByRange() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        assertEquals(Optional.empty(), rsm.copyLogSegmentData(m, local.data(true)));
        byte[] log = local.bytes("00000000000000000000.log");
        assertArrayEquals(log, read(rsm.fetchLogSegment(m, 0)));
        assertArrayEquals(Arrays.copyOfRange(log, 900, log.length), read(rsm.fetchLogSegment(m, 900)));
        assertArrayEquals(Arrays.copyOfRange(log, 10, 20), read(rsm.fetchLogSegment(m, 10, 19)), "the end position is included");
        assertArrayEquals(Arrays.copyOfRange(log, 990, log.length), read(rsm.fetchLogSegment(m, 990, 5000)), "cut at the segment's end");
        assertEquals(0, read(rsm.fetchLogSegment(m, 5000)).length, "past the end: nothing");
    }

    @Test
    void everyIndexIsFetchedAsCopied() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        assertArrayEquals(local.bytes("00000000000000000000.index"), read(rsm.fetchIndex(m, IndexType.OFFSET)));
        assertArrayEquals(local.bytes("00000000000000000000.timeindex"), read(rsm.fetchIndex(m, IndexType.TIMESTAMP)));
        assertArrayEquals(local.bytes("00000000000000000000.txnindex"), read(rsm.fetchIndex(m, IndexType.TRANSACTION)));
        assertArrayEquals(local.bytes("00000000000000000000.snapshot"), read(rsm.fetchIndex(m, IndexType.PRODUCER_SNAPSHOT)));
        assertArrayEquals(LEADER_EPOCHS, read(rsm.fetchIndex(m, IndexType.LEADER_EPOCH)));
    }

    @Test
    void segmentIsStoredUnderTopicPartitionAndSegmentId() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        Path folder = bucketDir.resolve("queue-3").resolve(m.remoteLogSegmentId().id().toString());
        for (SegmentFile f : SegmentFile.values()) assertTrue(Files.isRegularFile(folder.resolve(f.fileName())), f.fileName());
        assertEquals(List.of(folder.getFileName()), list(folder.getParent()), "no staging folder left behind");
    }

    @Test
    void absentTransactionIndexIsNotFound() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(false));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(m, IndexType.TRANSACTION));
        assertArrayEquals(local.bytes("00000000000000000000.index"), read(rsm.fetchIndex(m, IndexType.OFFSET)));
    }

    @Test
    void deletedSegmentIsNotFound() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        rsm.deleteLogSegmentData(m);
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0, 10));
        for (IndexType t : IndexType.values()) assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(m, t), t.name());
        assertEquals(List.of(), list(bucketDir.resolve("queue-3")), "nothing left of it");
    }

    @Test
    void deleteIsIdempotent() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        rsm.deleteLogSegmentData(m);
        rsm.deleteLogSegmentData(m);
        rsm.deleteLogSegmentData(metadata()); // never copied, its partition folder there
        rsm.deleteLogSegmentData(metadata(new TopicIdPartition(Uuid.randomUuid(), 0, "other"))); // not even its partition folder
    }

    @Test
    void missingSegmentIsNotFound() {
        RemoteLogSegmentMetadata m = metadata();
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(m, IndexType.OFFSET));
    }

    @Test
    void copyCutShortByACrashIsNoSegment() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        // what a broker dying mid-copy leaves: a staging folder holding some of the files
        Path staging = Files.createDirectories(bucketDir.resolve("queue-3").resolve(Bucket.STAGING_PREFIX + m.remoteLogSegmentId().id() + "-1"));
        Files.write(staging.resolve(SegmentFile.LOG.fileName()), local.bytes("00000000000000000000.log"));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchIndex(m, IndexType.OFFSET));
        rsm.copyLogSegmentData(m, local.data(true)); // a later copy is not in its way
        assertArrayEquals(local.bytes("00000000000000000000.log"), read(rsm.fetchLogSegment(m, 0)));
    }

    @Test
    void failedCopyLeavesNothing() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        Files.delete(local.folder.resolve("00000000000000000000.snapshot"));
        assertThrows(RemoteStorageException.class, () -> rsm.copyLogSegmentData(m, local.data(true)));
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0));
        assertEquals(List.of(), list(bucketDir.resolve("queue-3")), "no staging folder left behind");
    }

    @Test
    void secondCopyOfTheSameIdFailsAndKeepsTheFirst() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        byte[] first = local.bytes("00000000000000000000.log");
        Files.write(local.folder.resolve("00000000000000000000.log"), new byte[]{1, 2, 3});
        assertThrows(RemoteStorageException.class, () -> rsm.copyLogSegmentData(m, local.data(true)));
        assertArrayEquals(first, read(rsm.fetchLogSegment(m, 0)));
    }

    @Test
    void everyCallIsLogged() throws Exception {
        RemoteLogSegmentMetadata m = metadata();
        rsm.copyLogSegmentData(m, local.data(true));
        read(rsm.fetchLogSegment(m, 0, 9));
        read(rsm.fetchIndex(m, IndexType.TIMESTAMP));
        rsm.deleteLogSegmentData(m);
        rsm.deleteLogSegmentData(m);
        assertThrows(RemoteResourceNotFoundException.class, () -> rsm.fetchLogSegment(m, 0));
        String id = m.remoteLogSegmentId().id().toString();
        List<String> lines = Files.readAllLines(bucketDir.resolve("calls-1.log")).stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
        assertEquals(List.of(
                "copy queue-3 " + id + " ok 1000",
                "fetch-log queue-3 " + id + " ok 0-9",
                "fetch-index queue-3 " + id + " ok TIMESTAMP",
                "delete queue-3 " + id + " started -",
                "delete queue-3 " + id + " ok -",
                "delete queue-3 " + id + " started -",
                "delete queue-3 " + id + " missing -",
                "fetch-log queue-3 " + id + " missing 0-"), lines);
    }

    @Test
    void bucketFolderMustBeGiven() {
        assertThrows(ConfigException.class, () -> new BucketStorageManager().configure(Map.of()));
    }

    private static RemoteLogSegmentMetadata metadata() {
        return metadata(TP);
    }

    private static RemoteLogSegmentMetadata metadata(TopicIdPartition tp) {
        return new RemoteLogSegmentMetadata(RemoteLogSegmentId.generateNew(tp), 0, 99, 1_000L, 1, 2_000L, 1000, Map.of(0, 0L));
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    private static List<Path> list(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(Path::getFileName).toList();
        }
    }
}
