package io.kchaos.tiered;

import io.kchaos.tiered.RemoteFault.Mode;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentId;
import org.apache.kafka.server.log.remote.storage.RemoteLogSegmentMetadata;
import org.apache.kafka.server.log.remote.storage.RemoteStorageException;
import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The storage manager honours the bucket's control file: delay, a share of failures, an outage, and none once removed. */
class RemoteFaultInjectionTest {
    private static final TopicIdPartition TP = new TopicIdPartition(Uuid.randomUuid(), 0, "queue");

    @TempDir
    Path tmp;
    private Path bucket;
    private BucketStorageManager rsm;
    private LocalSegment local;
    private RemoteLogSegmentMetadata stored;

    @BeforeEach
    void setUp() throws Exception {
        bucket = tmp.resolve("bucket");
        rsm = new BucketStorageManager();
        rsm.configure(Map.of(BucketStorageManager.BUCKET_DIR, bucket.toString(), BucketStorageManager.BROKER_ID, 2));
        local = new LocalSegment(Files.createDirectories(tmp.resolve("local")));
        stored = metadata();
        rsm.copyLogSegmentData(stored, local.data(true));
    }

    @AfterEach
    void tearDown() throws IOException {
        rsm.close();
    }

    @Test
    void controlFileRoundTrips() throws IOException {
        RemoteFault f = new RemoteFault(Mode.FAIL, 17, 0, 0.25);
        f.writeTo(bucket);
        assertEquals(Optional.of(f), RemoteFault.readFrom(bucket));
        assertEquals(List.of(), leftovers(), "no temp file left");
    }

    @Test
    void outageFailsEveryCallUntilRemoved() throws Exception {
        new RemoteFault(Mode.OUTAGE, 1, 0, 0).writeTo(bucket);
        assertThrows(RemoteStorageException.class, () -> rsm.fetchLogSegment(stored, 0));
        assertThrows(RemoteStorageException.class, () -> rsm.fetchIndex(stored, IndexType.OFFSET));
        assertThrows(RemoteStorageException.class, () -> rsm.copyLogSegmentData(metadata(), local.data(true)));
        assertThrows(RemoteStorageException.class, () -> rsm.deleteLogSegmentData(stored));
        assertEquals(Optional.empty(), new RemoteFault(Mode.OUTAGE, 1, 0, 0).removeFrom(bucket));
        assertEquals(1000, read(rsm.fetchLogSegment(stored, 0)), "healed: the segment is still there and read");
        List<String> calls = calls();
        assertEquals(List.of("copy ok 1000", "fetch-log failed injected", "fetch-index failed injected", "copy failed injected",
                "delete started -", "delete failed injected", "fetch-log ok 0-"), calls, "a delete's intent is logged before the fault takes it");
    }

    @Test
    void eachBrokerAcknowledgesANewFaultAtItsNextCall() throws Exception {
        RemoteFault slow = new RemoteFault(Mode.SLOW, 41, 1, 0);
        slow.writeTo(bucket);
        assertEquals(List.of(), slow.seenBy(bucket), "no call yet");
        read(rsm.fetchLogSegment(stored, 0));
        assertEquals(List.of("2"), slow.seenBy(bucket));
        assertEquals("41", Files.readString(RemoteFault.ackFile(bucket, "2")).strip());
        RemoteFault outage = new RemoteFault(Mode.OUTAGE, 42, 0, 0);
        outage.writeTo(bucket);
        assertEquals(List.of(), outage.seenBy(bucket));
        assertThrows(RemoteStorageException.class, () -> rsm.fetchLogSegment(stored, 0));
        assertEquals(List.of("2"), outage.seenBy(bucket));
        assertEquals(List.of(), slow.seenBy(bucket), "the ack names the newest");
    }

    @Test
    void failShareFailsThatShareEvenly() throws Exception {
        new RemoteFault(Mode.FAIL, 1, 0, 0.25).writeTo(bucket);
        List<Boolean> failed = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            try {
                read(rsm.fetchLogSegment(stored, 0));
                failed.add(false);
            } catch (RemoteStorageException e) {
                failed.add(true);
            }
        }
        assertEquals(List.of(false, false, false, true, false, false, false, true), failed);
    }

    @Test
    void slowDelaysEveryCallAndLogsTheDelay() throws Exception {
        new RemoteFault(Mode.SLOW, 1, 150, 0).writeTo(bucket);
        long t0 = System.nanoTime();
        assertEquals(1000, read(rsm.fetchLogSegment(stored, 0)));
        assertTrue(System.nanoTime() - t0 >= 150_000_000L, "delayed");
        assertEquals("fetch-log ok 0- injected-delay-ms=150", calls().get(1));
    }

    @Test
    void replacedFaultTakesOverAndAHealRemovesOnlyItsOwn() throws Exception {
        RemoteFault outage = new RemoteFault(Mode.OUTAGE, 1, 0, 0);
        outage.writeTo(bucket);
        assertThrows(RemoteStorageException.class, () -> rsm.fetchLogSegment(stored, 0));
        RemoteFault slow = new RemoteFault(Mode.SLOW, 2, 1, 0);
        slow.writeTo(bucket);
        assertEquals(1000, read(rsm.fetchLogSegment(stored, 0)), "the new file is read at the next call");
        assertEquals(Optional.of(slow), outage.removeFrom(bucket), "another fault's file is left alone");
        assertEquals(Optional.empty(), slow.removeFrom(bucket));
        assertFalse(Files.exists(RemoteFault.fileIn(bucket)));
    }

    @Test
    void unreadableControlFileInjectsNothing() throws Exception {
        Files.writeString(RemoteFault.fileIn(bucket), "mode=meltdown\n");
        assertEquals(1000, read(rsm.fetchLogSegment(stored, 0)));
    }

    private List<String> calls() throws IOException {
        return Files.readAllLines(CallLog.fileOf(bucket, "2")).stream().map(l -> {
            String[] f = l.split(" ", 6);
            return f[1] + " " + f[4] + " " + f[5];
        }).toList();
    }

    private List<Path> leftovers() throws IOException {
        try (var s = Files.list(bucket)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static RemoteLogSegmentMetadata metadata() {
        return new RemoteLogSegmentMetadata(RemoteLogSegmentId.generateNew(TP), 0, 99, 1_000L, 1, 2_000L, 1000, Map.of(0, 0L));
    }

    private static int read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes().length;
        }
    }
}
