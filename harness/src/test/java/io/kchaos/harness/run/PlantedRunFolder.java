package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.replica.LeaderEpochCheckpoint;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.testkit.SyntheticMetadataLog;
import io.kchaos.testkit.SyntheticSegmentWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: a run folder as a cleanly stopped three-broker run leaves it, without a cluster: history.jsonl with the
 * acknowledged sends, and each {@code nodes/<id>/data} a log dir with checkpoints, two segments (plus index, time
 * index and snapshot files) of each of two partitions, and a small metadata log.
 */
final class PlantedRunFolder {
    static final String TOPIC = "kchaos-queue";
    static final int NODES = 3;
    static final int PARTITIONS = 2;
    /** Records per batch, batches per segment, segments per partition. */
    private static final int BATCH = 10;
    private static final int BATCHES_PER_SEGMENT = 5;
    private static final int SEGMENTS = 2;
    static final long END = (long) BATCH * BATCHES_PER_SEGMENT * SEGMENTS;

    private PlantedRunFolder() {
    }

    /** Writes the history and the nodes' data into {@code folder}; returns the final state the audits read. */
    static FinalState write(RunFolder folder) throws IOException {
        writeHistory(folder.history());
        Map<Integer, List<Path>> logDirs = new LinkedHashMap<>();
        for (int n = 1; n <= NODES; n++) logDirs.put(n, List.of(writeNode(folder.files().node(n).resolve("data"), n)));
        Map<Integer, List<Integer>> isr = new LinkedHashMap<>();
        for (int p = 0; p < PARTITIONS; p++) isr.put(p, List.of(1, 2, 3));
        return new FinalState(TOPIC, isr, true, "planted", 0, logDirs, List.of());
    }

    private static void writeHistory(Path file) {
        try (HistoryWriter h = new HistoryWriter(file)) {
            for (int p = 0; p < PARTITIONS; p++) {
                for (long o = 0; o < END; o++) {
                    ObjectNode v = Json.object().put("key", "k" + o % 3).put("value", value(p, o));
                    h.append((int) (o % 4), OpType.INVOKE, "send", v, null);
                    h.append((int) (o % 4), OpType.OK, "send", v.deepCopy().put("partition", p).put("offset", o), null);
                }
            }
        }
    }

    private static long value(int partition, long offset) {
        return partition * 100_000L + offset;
    }

    private static Path writeNode(Path dir, int node) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(BrokerLogDir.META_PROPERTIES), "version=1\ncluster.id=planted\nnode.id=" + node + "\n");
        Files.writeString(dir.resolve(BrokerLogDir.CLEAN_SHUTDOWN), "{\"version\":0,\"brokerEpoch\":7}");
        StringBuilder offsets = new StringBuilder("0\n" + PARTITIONS + "\n");
        for (int p = 0; p < PARTITIONS; p++) offsets.append(TOPIC).append(' ').append(p).append(' ').append(END).append('\n');
        Files.writeString(dir.resolve(BrokerLogDir.HIGH_WATERMARKS), offsets);
        Files.writeString(dir.resolve(BrokerLogDir.RECOVERY_POINTS), offsets);
        Files.writeString(dir.resolve(BrokerLogDir.LOG_START_OFFSETS), "0\n0\n");
        for (int p = 0; p < PARTITIONS; p++) writePartition(dir.resolve(TOPIC + "-" + p), p);
        try (SyntheticMetadataLog m = SyntheticMetadataLog.create(dir, 0)) {
            m.leaderChange(1, 1, 1, 2, 3).batch(1, 5, "planted");
        }
        return dir;
    }

    private static void writePartition(Path folder, int partition) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(LeaderEpochCheckpoint.FILE_NAME), "0\n1\n0 0\n");
        Files.writeString(folder.resolve("partition.metadata"), "version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAA\n");
        for (int s = 0; s < SEGMENTS; s++) {
            long base = (long) s * BATCH * BATCHES_PER_SEGMENT;
            try (SyntheticSegmentWriter w = SyntheticSegmentWriter.create(folder, base)) {
                for (long b = base; b < base + (long) BATCH * BATCHES_PER_SEGMENT; b += BATCH) w.append(batch(partition, b));
            }
            String name = String.format("%020d", base);
            Files.write(folder.resolve(name + ".index"), new byte[4096]);
            Files.write(folder.resolve(name + ".timeindex"), new byte[4096]);
            Files.write(folder.resolve(name + ".snapshot"), new byte[64]);
        }
    }

    private static java.nio.ByteBuffer batch(int partition, long base) {
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (long o = base; o < base + BATCH; o++) {
            keys.add(("k" + o % 3).getBytes(StandardCharsets.UTF_8));
            values.add(Long.toString(value(partition, o)).getBytes(StandardCharsets.UTF_8));
        }
        return SyntheticSegmentWriter.batch(base, 0, 1_700_000_000_000L, keys, values);
    }
}
