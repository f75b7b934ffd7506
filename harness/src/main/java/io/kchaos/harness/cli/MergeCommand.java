package io.kchaos.harness.cli;

import io.kchaos.harness.matrix.MatrixMerge;
import io.kchaos.harness.matrix.ShardFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** {@code kchaos merge}: the folders of a matrix's shards ({@code matrix --shard K/N}) joined into one matrix folder. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Join the N folders of `kchaos matrix ... --shard K/N` (K = 1..N, one grid) into OUT: matrix.json with every cell",
                "in the grid's order and the folder it came from, matrix.txt and the matrix page. Run folders stay where they are.",
                "Exit as the unsharded matrix would: 1 when a cell breaks its --expect, else 2 when a run could not be judged, else 0;",
                "2 (one line) when the folders are not the shards of one grid or OUT exists and is not empty.",
                "Example: kchaos merge store/nightly shard-1/store/*-matrix-* shard-2/store/*-matrix-* shard-3/store/*-matrix-*"})
public final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OUT", description = "the merged matrix folder; made when absent, else it must be empty")
    Path out;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "FOLDER", description = "the shards' matrix folders, in any order")
    List<Path> folders = new ArrayList<>();

    @Override
    public Integer call() {
        refuseNonEmpty(out);
        for (Path f : folders) {
            if (f.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("OUT " + out + " is one of the shard folders; give a new folder");
            }
        }
        List<ShardFolder> shards = new ArrayList<>();
        for (Path f : folders) shards.add(ShardFolder.read(f));
        String command = CommandLineText.of(spec);
        MatrixMerge merge = MatrixMerge.of(command, shards);
        Path dir;
        try {
            dir = Files.createDirectories(out).toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out + ": " + e.getMessage(), e);
        }
        System.out.printf("merged %d shards of scenario %s: %d cells%n", shards.size(), merge.result().scenario(), merge.result().cells().size());
        MatrixOutput.write(dir, merge.result(), merge.toJson(dir), System.out);
        return merge.result().exitCode();
    }

    /** Nothing the user has is overwritten: OUT must be absent or an empty folder. */
    private static void refuseNonEmpty(Path out) {
        if (!Files.exists(out)) return;
        if (!Files.isDirectory(out)) throw new IllegalArgumentException("OUT " + out + " exists and is not a folder; give a new folder");
        try (Stream<Path> s = Files.list(out)) {
            if (s.findAny().isPresent()) throw new IllegalArgumentException("OUT " + out + " exists and is not empty; not overwritten");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + out + ": " + e.getMessage(), e);
        }
    }
}
