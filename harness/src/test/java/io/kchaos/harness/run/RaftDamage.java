package io.kchaos.harness.run;

import io.kchaos.checker.raft.MetadataNode;
import io.kchaos.checker.raft.RaftAudit;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import org.apache.kafka.common.utils.Crc32C;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test helper: copies a run's real metadata logs ({@code nodes/<id>/data/__cluster_metadata-0}), plants one damage in
 * node 1's copy as a well-formed batch (CRC valid) that differs from the other nodes', and runs the Raft audit on the copies.
 */
final class RaftDamage {
    /** v2 batch header: base offset 0, length 8, partition leader epoch 12, magic 16, CRC 17, attributes 21 (CRC covers from here). */
    private static final int EPOCH = 12;
    private static final int CRC = 17;
    private static final int ATTRIBUTES = 21;
    private static final int HEADER = 61;
    /** Which batch of node 1's first segment the damage rewrites (a committed one: every node holds the log's start). */
    private static final int BATCH_INDEX = 2;

    private final Path runDir;
    private final Path work;

    RaftDamage(Path runDir, Path work) {
        this.runDir = runDir;
        this.work = work;
    }

    @FunctionalInterface
    interface Damage {
        /** Rewrites the batch at {@code position} of {@code segment}, whose partition folder is {@code folder}. */
        void apply(Path folder, Path segment, int position) throws IOException;
    }

    /** Copies every node's metadata log, plants {@code damage} in node 1's, audits the copies as three voters. */
    CheckResult audit(String name, Damage damage) throws IOException {
        Path root = work.resolve(name.replaceAll("\\W", "_"));
        List<MetadataNode> nodes = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runDir.resolve("nodes"))) {
            for (Path node : dirs.sorted().toList()) {
                int id = Integer.parseInt(node.getFileName().toString());
                Path copy = root.resolve(Integer.toString(id));
                copyTree(node.resolve("data").resolve(MetadataNode.PARTITION_FOLDER), copy.resolve(MetadataNode.PARTITION_FOLDER));
                nodes.add(new MetadataNode(id, copy, true));
            }
        }
        if (damage != null) {
            Path folder = nodes.get(0).partitionDir();
            Path segment = folder.resolve(String.format("%020d.log", 0));
            damage.apply(folder, segment, positionOf(segment, BATCH_INDEX));
        }
        return RaftAudit.of(nodes).run();
    }

    /** Flips a byte of the batch's records and fixes its CRC: same offsets and epoch, other bytes. */
    static void rewriteRecordBytes(Path folder, Path segment, int position) throws IOException {
        byte[] log = Files.readAllBytes(segment);
        ByteBuffer b = ByteBuffer.wrap(log);
        int end = position + 12 + b.getInt(position + 8);
        log[end - 1] ^= 0x5a;
        b.putInt(position + CRC, (int) Crc32C.compute(log, position + ATTRIBUTES, end - position - ATTRIBUTES));
        Files.write(segment, log);
    }

    /**
     * Raises the batch's partition leader epoch to one above the log's highest (the CRC does not cover it), and the
     * copy's quorum-state with it: a later leader's different batch over a committed one.
     */
    static void rewriteEpoch(Path folder, Path segment, int position) throws IOException {
        byte[] log = Files.readAllBytes(segment);
        ByteBuffer b = ByteBuffer.wrap(log);
        int max = 0;
        for (int p = 0; p + HEADER <= log.length; p += 12 + b.getInt(p + 8)) max = Math.max(max, b.getInt(p + EPOCH));
        Path quorumState = folder.resolve("quorum-state");
        var q = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(Files.readString(quorumState));
        int epoch = Math.max(max, q.path("leaderEpoch").asInt()) + 1;
        b.putInt(position + EPOCH, epoch);
        Files.write(segment, log);
        q.put("leaderEpoch", epoch);
        Files.writeString(quorumState, Json.MAPPER.writeValueAsString(q));
    }

    private static int positionOf(Path segment, int index) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(segment));
        int p = 0;
        for (int i = 0; i < index; i++) p += 12 + b.getInt(p + 8);
        if (p + HEADER > b.capacity()) throw new IllegalStateException(segment + " has fewer than " + (index + 1) + " batches");
        return p;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(target);
                else Files.copy(f, target);
            }
        }
    }
}
