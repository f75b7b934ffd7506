package io.kchaos.nemesis.remote;

import io.kchaos.tiered.BucketLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/** Tiered-storage bucket folders for tests, laid out as the storage manager writes them, with record batch headers. */
public final class PlantedBucket {
    private PlantedBucket() {
    }

    /** A bucket holding one segment of {@code queue-0}, offsets 0 to 9. */
    public static Path oneSegment(Path bucket) {
        segment(bucket, "queue-0", "AAAAAAAAAAAAAAAAAAAAAA", 0, 4, 5, 9);
        return bucket;
    }

    /** Plants a segment whose log holds one batch per pair of {@code offsets} (base, last), each 61 bytes. */
    public static Path segment(Path bucket, String topicPartition, String id, long... offsets) {
        ByteBuffer log = ByteBuffer.allocate(61 * offsets.length / 2);
        for (int i = 0; i < offsets.length; i += 2) {
            int start = log.position();
            log.putLong(offsets[i]).putInt(49).putInt(0).put((byte) 2).putInt(0).putShort((short) 0)
                    .putInt((int) (offsets[i + 1] - offsets[i]));
            log.position(start + 61);
        }
        try {
            Path folder = Files.createDirectories(bucket.resolve(topicPartition).resolve(id));
            return Files.write(folder.resolve(BucketLayout.SEGMENT_LOG), log.array());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
