package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.replica.AckedOffsets;
import io.kchaos.checker.replica.LogDirPruner;
import io.kchaos.checker.replica.PrunedLogDir;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.folder.PrunedJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Bounds what a judged run leaves behind ({@code --keep-data failing}): after a VALID run that ran to its end, each
 * broker log dir that lies in the run folder is pruned to its checkpoints, its metadata log and a replica digest
 * ({@link LogDirPruner}), and pruned.json says what was removed and kept. Any other run keeps every file.
 */
record EvidencePruning(KeepData keep, RunFolder folder) {
    /** True when a run with this verdict, stopped early or not, is pruned. */
    boolean applies(CheckResult result, boolean stoppedEarly) {
        return keep == KeepData.FAILING && result.verdict() == Verdict.VALID && result.interrupted() == null && !stoppedEarly;
    }

    /**
     * Prunes the log dirs of {@code fin} that are directories in the run folder (a backend that brought back digests
     * only, SSH, has none) and writes pruned.json; returns false when there was nothing to prune.
     */
    boolean prune(FinalState fin, History history) {
        Path root = realPath(folder.dir());
        LogDirPruner pruner = new LogDirPruner(AckedOffsets.of(history, fin.topic()));
        ObjectNode json = Json.object();
        ArrayNode dirs = Json.MAPPER.createArrayNode();
        ObjectNode notPruned = Json.object();
        Sizes totals = Sizes.NONE;
        for (Map.Entry<Integer, List<Path>> node : fin.logDirs().entrySet()) {
            for (Path dir : node.getValue()) {
                if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) continue;
                if (!realPath(dir).startsWith(root)) {
                    notPruned.put(dir.toString(), "outside the run folder");
                    continue;
                }
                try {
                    LogDirPruner.Outcome o = pruner.prune(dir);
                    dirs.add(entry(node.getKey(), o, root));
                    totals = totals.plus(Sizes.of(o));
                } catch (IOException | RuntimeException e) {
                    notPruned.put(relative(root, dir), "cannot prune: " + e.getMessage());
                }
            }
        }
        if (dirs.isEmpty() && notPruned.isEmpty()) return false;
        json.put(PrunedJson.KEEP_DATA, keep.wire()).put(PrunedJson.VERDICT, Verdict.VALID.name());
        totals.putInto(json);
        json.set(PrunedJson.LOG_DIRS, dirs);
        if (!notPruned.isEmpty()) json.set(PrunedJson.NOT_PRUNED, notPruned);
        try {
            Json.PRETTY.writeValue(folder.files().pruned().toFile(), json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + folder.files().pruned(), e);
        }
        return true;
    }

    private static ObjectNode entry(int node, LogDirPruner.Outcome o, Path root) {
        ObjectNode e = Json.object();
        e.put(PrunedJson.NODE, node).put(PrunedJson.DIR, relative(root, o.dir()))
                .put(PrunedJson.DIGEST, relative(root, PrunedLogDir.digestOf(o.dir())));
        Sizes.of(o).putInto(e);
        return e;
    }

    /** The figures pruned.json gives for one log dir, and summed for all. */
    private record Sizes(long before, long after, long digest, long metadataLog, long filesRemoved) {
        static final Sizes NONE = new Sizes(0, 0, 0, 0, 0);

        static Sizes of(LogDirPruner.Outcome o) {
            return new Sizes(o.bytesBefore(), o.bytesAfter(), o.digestBytes(), o.metadataLogBytes(), o.filesRemoved());
        }

        Sizes plus(Sizes o) {
            return new Sizes(before + o.before, after + o.after, digest + o.digest, metadataLog + o.metadataLog, filesRemoved + o.filesRemoved);
        }

        void putInto(ObjectNode json) {
            json.put(PrunedJson.BYTES_BEFORE, before).put(PrunedJson.BYTES_AFTER, after).put(PrunedJson.DIGEST_BYTES, digest)
                    .put(PrunedJson.METADATA_LOG_BYTES, metadataLog).put(PrunedJson.FILES_REMOVED, filesRemoved);
        }
    }

    private static String relative(Path root, Path p) {
        Path real = realPath(p);
        return real.startsWith(root) ? root.relativize(real).toString().replace('\\', '/') : p.toString();
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
