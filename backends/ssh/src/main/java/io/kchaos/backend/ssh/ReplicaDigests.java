package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.HistoryFile;
import io.kchaos.checker.replica.AckedOffsets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replica audit without copying logs: after the clean stop, runs the replica reader on every host (with the
 * harness's own jars, copied once) over the broker's data directories, with the history's acknowledged offsets, and
 * brings back each host's digest — batch facts, checkpoints and the acknowledged records, never segments.
 */
final class ReplicaDigests {
    /** The digest file of one node on the control node. */
    static final String FILE = RunFiles.REPLICA_DIGEST;

    private final Path scratch;
    private final List<Path> jars;

    ReplicaDigests(Path scratch) {
        this.scratch = scratch;
        this.jars = AuditJars.locate(scratch);
    }

    /** What the digest of one node cost: its size and the segment bytes it stands for. */
    record Cost(long digestBytes, long segmentBytes) {
    }

    /** Digests every node's data dirs into {@code nodesDir/<id>/replica.digest}; returns the cost per node. */
    Map<Integer, Cost> collect(List<HostBroker> brokers, Path history, String topic, Path nodesDir) {
        Path acked = scratch.resolve("acked-offsets");
        try {
            Files.createDirectories(scratch);
            (Files.exists(history) ? AckedOffsets.of(HistoryFile.open(history), topic) : AckedOffsets.none()).write(acked);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the acknowledged offsets", e);
        }
        Map<Integer, Cost> costs = new TreeMap<>();
        Parallel.all(brokers, b -> {
            Cost c = collect(b, acked, topic, nodesDir);
            synchronized (costs) {
                costs.put(b.shell().host().id(), c);
            }
        });
        return costs;
    }

    private Cost collect(HostBroker b, Path acked, String topic, Path nodesDir) {
        RemoteShell shell = b.shell();
        SshHost h = shell.host();
        String work = h.dir() + "/audit";
        FileSync.sync(shell, jars, work + "/lib");
        shell.upload(acked, work + "/acked-offsets");
        List<String> cmd = new ArrayList<>(List.of(h.java(), "-Xmx256m"));
        cmd.addAll(io.kchaos.cluster.BrokerLaunch.TOOL_JVM_FLAGS);
        cmd.addAll(List.of("-cp", work + "/lib/*", AuditJars.MAIN, "--out", work + "/" + FILE, "--acked", work + "/acked-offsets", "--topic", topic));
        cmd.addAll(b.dataDirs());
        shell.check(Shell.join(cmd));
        Path local = nodesDir.resolve(Integer.toString(h.id())).resolve(FILE);
        try {
            Files.createDirectories(local.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        shell.download(work + "/" + FILE, local);
        String segments = shell.exec("find " + Shell.join(b.dataDirs()) + " -path " + Shell.quote("*/" + topic + "-*/*.log")
                + " -printf '%s\\n' 2>/dev/null | awk '{s+=$1} END {print s+0}'").stdout().trim();
        shell.exec("rm -rf " + Shell.quote(work));
        try {
            return new Cost(Files.size(local), segments.matches("\\d+") ? Long.parseLong(segments) : -1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
