package io.kchaos.backend.local.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.replica.LogCursor;
import io.kchaos.checker.replica.LogEvent;
import io.kchaos.checker.replica.PartitionDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;

/**
 * Bit rot in a stopped node's log: picks one intact record batch of a non-internal topic that lies wholly below its
 * partition's recovery point (Kafka re-checks nothing there on start), preferring closed segments, and flips bytes
 * inside its records, so the batch still frames but fails its CRC.
 */
final class SegmentCorruptor {
    /** A record batch's v2 header: the records start after it (the CRC covers bytes 21 onwards). */
    static final int BATCH_HEADER = 61;
    /** How many consecutive bytes are flipped. */
    static final int FLIPPED = 4;

    private SegmentCorruptor() {
    }

    /** Damages one batch of the log dir; returns the op facts, or empty when no batch qualifies. */
    static Optional<ObjectNode> corrupt(Path dataDir, Random random) {
        BrokerLogDir dir = BrokerLogDir.open(dataDir);
        Choice closed = new Choice();
        Choice active = new Choice();
        for (PartitionDir p : dir.partitions()) {
            OptionalLong rp = dir.recoveryPoints().offset(p.topicPartition());
            if (rp.isEmpty() || p.segments().isEmpty()) continue;
            Path activeSegment = p.segments().get(p.segments().size() - 1).path();
            try (LogCursor cursor = p.openCursor()) {
                for (LogEvent e; (e = cursor.next()) != null; ) {
                    if (!(e instanceof BatchInfo b) || !b.crcValid() || b.lastOffset() >= rp.getAsLong()) continue;
                    if (b.sizeInBytes() <= BATCH_HEADER + FLIPPED) continue;
                    (b.segment().equals(activeSegment) ? active : closed).offer(p, b, rp.getAsLong(), random);
                }
            }
        }
        Choice chosen = closed.batch != null ? closed : active;
        if (chosen.batch == null) return Optional.empty();
        BatchInfo b = chosen.batch;
        long at = b.position() + BATCH_HEADER + random.nextInt(b.sizeInBytes() - BATCH_HEADER - FLIPPED + 1);
        flip(b.segment(), at);
        ObjectNode v = Json.object();
        v.put("partition", chosen.partition.topicPartition().toString());
        v.put("path", b.segment().toString());
        v.put("segment", chosen == closed ? "closed" : "active (no closed segment below the recovery point)");
        v.put("batch-position", b.position());
        v.put("flipped-at", at);
        v.put("flipped-bytes", FLIPPED);
        v.put("offset", b.baseOffset());
        v.put("last-offset", b.lastOffset());
        v.put("epoch", b.leaderEpoch());
        v.put("recovery-point", chosen.recoveryPoint);
        return Optional.of(v);
    }

    /** Flips the bytes at {@code position}, forces them to disk and reads them back. */
    private static void flip(Path file, long position) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer bytes = ByteBuffer.allocate(FLIPPED);
            ch.read(bytes, position);
            for (int i = 0; i < FLIPPED; i++) bytes.put(i, (byte) ~bytes.get(i));
            bytes.rewind();
            ch.write(bytes, position);
            ch.force(true);
            ByteBuffer back = ByteBuffer.allocate(FLIPPED);
            ch.read(back, position);
            if (!back.flip().equals(bytes.rewind())) {
                throw new FaultNotHeld("corrupt segment: " + file + " at " + position + " reads back unflipped");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot corrupt " + file, e);
        }
    }

    /** One batch drawn uniformly from those offered (reservoir sampling: the log is streamed, never held). */
    private static final class Choice {
        PartitionDir partition;
        BatchInfo batch;
        long recoveryPoint;
        long seen;

        void offer(PartitionDir p, BatchInfo b, long rp, Random random) {
            seen++;
            if (random.nextLong(seen) == 0) {
                partition = p;
                batch = b;
                recoveryPoint = rp;
            }
        }
    }
}
