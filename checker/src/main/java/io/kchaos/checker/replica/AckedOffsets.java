package io.kchaos.checker.replica;

import io.kchaos.history.History;
import org.apache.kafka.common.TopicPartition;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The offsets a replica digest must carry records for: those of a history's acknowledged sends, per partition. As a
 * file: one line per partition, {@code topic partition offset offset ...}, offsets ascending and distinct.
 */
public final class AckedOffsets {
    private final Map<TopicPartition, long[]> offsets;

    private AckedOffsets(Map<TopicPartition, long[]> offsets) {
        this.offsets = offsets;
    }

    /** None: a digest without records (enough for every check but the acknowledged-write one). */
    public static AckedOffsets none() {
        return new AckedOffsets(Map.of());
    }

    /** The acknowledged offsets of the history's sends to {@code topic}. */
    public static AckedOffsets of(History history, String topic) {
        AckedWrites acked = AckedWrites.from(history);
        Map<TopicPartition, long[]> m = new HashMap<>();
        for (int p : new TreeSet<>(acked.partitions())) {
            AckedWrites.Partition part = acked.partition(p);
            long[] o = new long[part.size()];
            for (int i = 0; i < o.length; i++) o[i] = part.offset(i);
            m.put(new TopicPartition(topic, p), Arrays.stream(o).distinct().toArray());
        }
        return new AckedOffsets(m);
    }

    /** Reads the file {@link #write} made. */
    public static AckedOffsets read(Path file) throws IOException {
        Map<TopicPartition, long[]> m = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2) continue;
            long[] o = new long[f.length - 2];
            for (int i = 2; i < f.length; i++) o[i - 2] = Long.parseLong(f[i]);
            m.put(new TopicPartition(f[0], Integer.parseInt(f[1])), o);
        }
        return new AckedOffsets(m);
    }

    public void write(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Map.Entry<TopicPartition, long[]> e : offsets.entrySet()) {
                w.write(e.getKey().topic() + " " + e.getKey().partition());
                for (long o : e.getValue()) w.write(" " + o);
                w.write('\n');
            }
        }
    }

    /** The partition's offsets, ascending (empty when none). */
    long[] of(TopicPartition tp) {
        return offsets.getOrDefault(tp, new long[0]);
    }

    /** Partitions with offsets. */
    public List<TopicPartition> partitions() {
        return List.copyOf(offsets.keySet());
    }
}
