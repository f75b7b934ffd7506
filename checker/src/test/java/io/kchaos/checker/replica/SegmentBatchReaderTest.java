package io.kchaos.checker.replica;

import io.kchaos.testkit.SyntheticSegmentWriter;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batches that straddle the reader's 4 MiB chunks, batches larger than a chunk, and lengths beyond the file end. */
class SegmentBatchReaderTest {
    @TempDir
    Path tmp;

    private static ByteBuffer batchOf(long base, int records, int valueBytes) {
        byte[] value = new byte[valueBytes];
        return SyntheticSegmentWriter.batch(base, 3, 1L, null, Collections.nCopies(records, value));
    }

    @Test
    void batchesAcrossChunkBoundariesAndLargerThanAChunkAreReadWhole() {
        List<Long> positions = new ArrayList<>();
        List<Long> bases = new ArrayList<>();
        long base = 0;
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(tmp, 0)) {
            for (int i = 0; i < 400; i++) { // ~30 KiB batches: about 3 chunks' worth, boundaries fall inside batches
                int records = i == 200 ? 6 : 3;
                int bytes = i == 200 ? 1 << 20 : 10_007; // one 6 MiB batch, larger than a chunk
                bases.add(base);
                positions.add(w.append(batchOf(base, records, bytes)));
                base += records;
            }
        }
        List<Long> seenBases = new ArrayList<>();
        try (LogCursor c = new LogCursor(List.of(new Segment(tmp.resolve(Segment.fileName(0)), 0)))) {
            LogEvent e;
            int i = 0;
            while ((e = c.next()) != null) {
                BatchInfo b = assertInstanceOf(BatchInfo.class, e);
                assertTrue(b.crcValid(), "batch " + i);
                assertEquals(positions.get(i), b.position(), "position of batch " + i);
                seenBases.add(b.baseOffset());
                if (i == 200) {
                    int[] n = {0};
                    c.readRecords(r -> {
                        assertEquals(1 << 20, r.value().remaining());
                        return ++n[0] < 6;
                    });
                    assertEquals(6, n[0]);
                }
                i++;
            }
            assertEquals(tmp.resolve(Segment.fileName(0)).toFile().length(), c.bytesScanned());
        }
        assertEquals(bases, seenBases);
    }

    @Test
    void aLengthBeyondTheFileEndIsAnUnreadableTailNotALoop() {
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(tmp, 0)) {
            for (int i = 0; i < 200; i++) w.append(batchOf(i * 3L, 3, 10_007)); // past the first chunk
            ByteBuffer header = ByteBuffer.allocate(20);
            header.putLong(600).putInt(50 << 20).putInt(0).put((byte) 2).flip(); // declares 50 MiB, holds 17 bytes
            w.append(header);
        }
        try (LogCursor c = new LogCursor(List.of(new Segment(tmp.resolve(Segment.fileName(0)), 0)))) {
            int batches = 0;
            LogEvent e;
            while ((e = c.next()) instanceof BatchInfo) batches++;
            assertEquals(200, batches);
            UnreadableBytes u = assertInstanceOf(UnreadableBytes.class, e);
            assertEquals(17, u.length());
            assertEquals(600, u.offsetHint());
            assertTrue(u.reason().contains("declares"), u.reason());
            assertNull(c.next());
        }
    }

    @Test
    void aPartitionOfSmallBatchesIsReadCompletely() {
        Path folder = tmp.resolve("t-0");
        try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(folder, 0)) {
            for (int i = 0; i < 50_000; i++) w.append(batchOf(i, 1, 20)); // ~4 MiB of one-record batches
        }
        PartitionDir p = PartitionDir.read(folder, new TopicPartition("t", 0));
        long n = 0;
        long last = -1;
        try (LogCursor c = p.openCursor()) {
            LogEvent e;
            while ((e = c.next()) != null) {
                BatchInfo b = (BatchInfo) e;
                assertEquals(last + 1, b.baseOffset());
                last = b.lastOffset();
                n++;
            }
        }
        assertEquals(50_000, n);
    }
}
