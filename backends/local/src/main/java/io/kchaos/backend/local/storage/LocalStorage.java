package io.kchaos.backend.local.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.StorageControl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * The data directory faults of a local cluster: its nodes' data directories on this machine, the cluster's own
 * {@code format} of one node's empty directories, and its {@link DataDisks}.
 */
public final class LocalStorage implements StorageControl {
    private final IntFunction<Path> dataDirs;
    private final IntPredicate running;
    private final IntConsumer format;
    private final DataDisks disks;

    /**
     * @param dataDirs node id → its data directory
     * @param running  whether a node's broker runs (a wipe or corruption of a running node is refused)
     * @param format   formats a node's unformatted directories with its cluster id and node id (Kafka's StorageTool)
     */
    public LocalStorage(IntFunction<Path> dataDirs, IntPredicate running, IntConsumer format, DataDisks disks) {
        this.dataDirs = dataDirs;
        this.running = running;
        this.format = format;
        this.disks = disks;
    }

    @Override
    public ObjectNode wipe(int node) {
        refuseRunning(node, "wipe");
        Path dir = dataDirs.apply(node);
        Trees.empty(dir);
        format.accept(node);
        ObjectNode v = Json.object();
        v.put("directory-id", metaProperty(dir, "directory.id"));
        v.put("cluster-id", metaProperty(dir, "cluster.id"));
        v.put("metadata-log", disks.separateMetadataLog() ? "kept (its own directory)" : "wiped with the data");
        return v;
    }

    @Override
    public ObjectNode fill(int node) {
        if (disks.sizeMb().isEmpty()) throw new IllegalStateException("node " + node + "'s data directory has no size-limited file system to fill");
        ObjectNode v = Json.object();
        v.put("bytes", DiskFiller.fill(dataDirs.apply(node)));
        v.put("disk-mb", disks.sizeMb().getAsInt());
        return v;
    }

    @Override
    public void free(int node) {
        DiskFiller.free(dataDirs.apply(node));
    }

    @Override
    public Optional<ObjectNode> corruptSegment(int node, Random random) {
        refuseRunning(node, "corrupt a segment of");
        return SegmentCorruptor.corrupt(dataDirs.apply(node), random);
    }

    private void refuseRunning(int node, String what) {
        if (running.test(node)) throw new IllegalStateException("will not " + what + " node " + node + " while it runs");
    }

    private static String metaProperty(Path dir, String key) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("meta.properties"))) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve("meta.properties"), e);
        }
        return p.getProperty(key, "");
    }
}
