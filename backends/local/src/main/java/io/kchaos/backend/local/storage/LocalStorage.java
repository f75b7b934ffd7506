package io.kchaos.backend.local.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.StorageControl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The data directory faults of a local cluster: its nodes' data directories on this machine, the cluster's own
 * {@code format} of one node's empty directories, and its {@link DataDisks}. Each fault reads its effect back from
 * disk before it returns (a new directory id and no old entry; the file system full; the flipped bytes; the cut sizes).
 */
public final class LocalStorage implements StorageControl {
    private static final String META = "meta.properties";
    private final IntFunction<Path> dataDirs;
    private final IntPredicate running;
    private final IntConsumer format;
    private final DataDisks disks;
    private final MetadataDisks metadata;

    /**
     * Where the controllers' metadata logs live and how an emptied one is formatted as an observer, for
     * {@link #replaceMetadataDisk}.
     *
     * @param dirs           node id → the directory holding its {@code __cluster_metadata-0}
     * @param formatObserver formats a node's unformatted directories naming no voters ({@code --no-initial-controllers})
     */
    public record MetadataDisks(IntFunction<Path> dirs, IntConsumer formatObserver) {
        /** For a storage that cannot replace a metadata disk. */
        static final MetadataDisks NONE = new MetadataDisks(id -> {
            throw new UnsupportedOperationException("no metadata directories given");
        }, id -> {
            throw new UnsupportedOperationException("no metadata directories given");
        });
    }

    /**
     * @param dataDirs node id → its data directory
     * @param running  whether a node's broker runs (a wipe or corruption of a running node is refused)
     * @param format   formats a node's unformatted directories with its cluster id and node id (Kafka's StorageTool)
     */
    public LocalStorage(IntFunction<Path> dataDirs, IntPredicate running, IntConsumer format, DataDisks disks) {
        this(dataDirs, running, format, disks, MetadataDisks.NONE);
    }

    /** As above, and able to replace a controller's metadata disk. */
    public LocalStorage(IntFunction<Path> dataDirs, IntPredicate running, IntConsumer format, DataDisks disks, MetadataDisks metadata) {
        this.dataDirs = dataDirs;
        this.running = running;
        this.format = format;
        this.disks = disks;
        this.metadata = metadata;
    }

    @Override
    public ObjectNode replaceMetadataDisk(int node) {
        refuseRunning(node, "replace the metadata disk of");
        Path dir = metadata.dirs().apply(node);
        Set<String> before = entries(dir);
        String idBefore = Files.exists(dir.resolve(META)) ? metaProperty(dir, "directory.id") : "";
        Trees.empty(dir);
        metadata.formatObserver().accept(node);
        String id = metaProperty(dir, "directory.id");
        requireWiped(node, dir, before, idBefore, id);
        ObjectNode v = Json.object();
        v.put("directory-id", id);
        v.put("directory-id-before", idBefore);
        v.put("path", dir.toString());
        return v;
    }

    @Override
    public ObjectNode wipe(int node) {
        refuseRunning(node, "wipe");
        Path dir = dataDirs.apply(node);
        Set<String> before = entries(dir);
        String idBefore = Files.exists(dir.resolve(META)) ? metaProperty(dir, "directory.id") : "";
        Trees.empty(dir);
        format.accept(node);
        String id = metaProperty(dir, "directory.id");
        requireWiped(node, dir, before, idBefore, id);
        ObjectNode v = Json.object();
        v.put("directory-id", id);
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

    /**
     * A wipe holds once the directory reads back a new directory id and none of what it held before but what a format
     * writes again (meta.properties, the bootstrap checkpoint, the metadata log's folder); else {@link FaultNotHeld}.
     */
    private static void requireWiped(int node, Path dir, Set<String> before, String idBefore, String id) {
        if (!idBefore.isEmpty() && idBefore.equals(id)) throw new FaultNotHeld("wipe: node " + node + "'s directory id is still " + id);
        Set<String> kept = new TreeSet<>(entries(dir));
        kept.retainAll(before);
        kept.removeIf(name -> name.equals(META) || name.equals("bootstrap.checkpoint") || name.startsWith("__cluster_metadata-"));
        if (!kept.isEmpty()) throw new FaultNotHeld("wipe: node " + node + "'s data directory " + dir + " still holds " + kept);
    }

    private static Set<String> entries(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(c -> c.getFileName().toString()).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static String metaProperty(Path dir, String key) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve(META))) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(META), e);
        }
        return p.getProperty(key, "");
    }
}
