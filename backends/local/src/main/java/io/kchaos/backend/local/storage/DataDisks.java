package io.kchaos.backend.local.storage;

import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * How a local cluster's nodes hold their data. By default a plain data directory holding the KRaft metadata log too.
 * With a storage fault in the mix ({@code wipe}, {@code disk-full}) the metadata log goes to a directory of its own
 * ({@code metadata.log.dir}), so those faults hit the data disk only: a wiped or full metadata log of a static voter is
 * another fault (documented unsafe). With {@code disk-full} each data directory is a tmpfs of a fixed size, named after
 * the harness pid ({@link DiskNames}) and unmounted when the cluster closes, its contents copied back into the plain
 * directory first so the replica audit still reads them.
 */
public final class DataDisks {
    /** Size of each node's data file system under disk-full: room for any run here, small enough to fill at once. */
    public static final int DEFAULT_SIZE_MB = 256;

    private final boolean separateMetadataLog;
    private final int sizeMb;
    private final CommandRunner runner;
    private final Map<Integer, Path> mounted = new LinkedHashMap<>();

    /** {@code sizeMb} 0: no size-limited file system. */
    public DataDisks(boolean separateMetadataLog, int sizeMb, CommandRunner runner) {
        this.separateMetadataLog = separateMetadataLog;
        this.sizeMb = sizeMb;
        this.runner = runner;
    }

    /** Plain directories, the metadata log inside the data directory: what every run without storage faults gets. */
    public static DataDisks plain(CommandRunner runner) {
        return new DataDisks(false, 0, runner);
    }

    /** What these nemeses need: a separate metadata log for any storage fault, sized file systems for disk-full. */
    public static DataDisks forNemeses(Collection<Nemesis> nemeses, CommandRunner runner) {
        boolean storage = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.STORAGE));
        boolean limited = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.DISK_LIMIT));
        return new DataDisks(storage || limited, limited ? DEFAULT_SIZE_MB : 0, runner);
    }

    /**
     * Refuses (IllegalArgumentException, one line) the storage faults that act on one data directory per broker (wipe,
     * disk-full, corrupt-segment) when brokers have {@code logDirs} of them; power loss walks every directory and stays.
     */
    public static void refuseJbod(int logDirs, Collection<Nemesis> nemeses) {
        if (logDirs < 2) return;
        List<String> refused = nemeses.stream().filter(n -> n.requires().contains(Capability.STORAGE) || n.requires().contains(Capability.DISK_LIMIT))
                .map(Nemesis::name).toList();
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("--log-dirs " + logDirs + ": " + String.join(", ", refused)
                    + " act on one data directory per broker; not yet with several (leave --log-dirs out)");
        }
    }

    /** True when this machine lets the harness mount a size-limited file system (root). */
    public static boolean canMount(CommandRunner runner) {
        return "0".equals(runner.run("id", "-u").stdout().trim());
    }

    public boolean separateMetadataLog() {
        return separateMetadataLog;
    }

    /** The size of each node's data file system, when limited. */
    public OptionalInt sizeMb() {
        return sizeMb > 0 ? OptionalInt.of(sizeMb) : OptionalInt.empty();
    }

    /** Creates the node's data directory, on a fresh size-limited file system when asked for. */
    public synchronized void prepare(int node, Path dataDir) {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dataDir, e);
        }
        if (sizeMb == 0 || mounted.containsKey(node)) return;
        runner.check("mount", "-t", "tmpfs", "-o", "size=" + sizeMb + "m,mode=0755",
                DiskNames.of(ProcessHandle.current().pid(), node), dataDir.toAbsolutePath().toString());
        mounted.put(node, dataDir);
    }

    /**
     * Copies each mounted data directory's contents back into the plain directory under it and unmounts it (lazily if
     * busy). Call once the brokers are stopped. Idempotent; best effort, so a failed copy never leaves a mount.
     */
    public synchronized void release() {
        for (Path dir : mounted.values()) {
            Path saved = dir.resolveSibling(dir.getFileName() + ".saved");
            boolean copied = Trees.copy(dir, saved);
            if (!runner.run("umount", dir.toString()).ok()) runner.run("umount", "-l", dir.toString());
            if (copied) Trees.moveChildren(saved, dir);
        }
        mounted.clear();
    }
}
