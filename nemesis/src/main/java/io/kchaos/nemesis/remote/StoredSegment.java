package io.kchaos.nemesis.remote;

import io.kchaos.tiered.BucketLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * One segment copied to the bucket, as its layout shows it: {@code <topic>-<partition>/<segment id>/segment.log}, with
 * the offsets its record batches hold (the bucket keeps no other metadata of it).
 *
 * @param topicPartition its folder's name, {@code <topic>-<partition>}
 * @param id             Kafka's segment id, its folder's name
 * @param log            its log file
 * @param baseOffset     its first batch's base offset, empty when it holds no whole batch
 * @param lastOffset     its last whole batch's last offset, empty when it holds none
 */
record StoredSegment(String topicPartition, String id, Path log, OptionalLong baseOffset, OptionalLong lastOffset) {
    /** A batch's header up to its last offset delta: base offset (8), length (4), leader epoch (4), magic, CRC, attributes. */
    private static final int HEADER = 27;
    private static final int LAST_OFFSET_DELTA = 23;
    private static final int LOG_OVERHEAD = 12;

    /** Every segment of {@code bucket} whose log is there, in no set order; copies and deletes under way left out. */
    static List<StoredSegment> in(Path bucket) {
        List<StoredSegment> out = new ArrayList<>();
        for (Path partition : folders(bucket)) {
            for (Path segment : folders(partition)) {
                Path log = segment.resolve(BucketLayout.SEGMENT_LOG);
                if (Files.isRegularFile(log)) out.add(read(partition.getFileName().toString(), segment.getFileName().toString(), log));
            }
        }
        return out;
    }

    private static List<Path> folders(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).filter(p -> !BucketLayout.hidden(p.getFileName().toString())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The segment at {@code log}, its offsets read from its batch headers (v2 record batches). */
    static StoredSegment read(String topicPartition, String id, Path log) {
        OptionalLong base = OptionalLong.empty();
        OptionalLong last = OptionalLong.empty();
        try (FileChannel in = FileChannel.open(log, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER);
            long position = 0;
            long size = in.size();
            while (position + HEADER <= size) {
                if (!readFully(in, header, position)) break;
                long batchBase = header.getLong(0);
                int length = header.getInt(8);
                if (length <= 0 || position + LOG_OVERHEAD + length > size) break;
                if (base.isEmpty()) base = OptionalLong.of(batchBase);
                last = OptionalLong.of(batchBase + header.getInt(LAST_OFFSET_DELTA));
                position += LOG_OVERHEAD + length;
            }
        } catch (IOException e) {
            // unreadable: offsets unknown
        }
        return new StoredSegment(topicPartition, id, log, base, last);
    }

    /** Fills {@code buffer} from {@code position}; false when the file ends first. */
    private static boolean readFully(FileChannel in, ByteBuffer buffer, long position) throws IOException {
        buffer.clear();
        while (buffer.hasRemaining()) {
            if (in.read(buffer, position + buffer.position()) < 0) return false;
        }
        return true;
    }
}
