package io.kchaos.report;

import io.kchaos.history.folder.PrunedJson;
import io.kchaos.history.folder.ResultsJson;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.history.folder.LeadersFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a run folder holds, read leniently: run.json, results.json, leaders.jsonl, the history's path, the node log
 * files and pruned.json's totals. Missing pieces become "unknown" downstream, never an exception.
 */
public final class RunContents {
    private static final int MAX_FILES_PER_NODE = 30;

    private final Path dir;
    private final RunInfo run;
    private final Results results;
    private final LeadersFile.Contents leaders;
    private final List<String> nodeFiles;
    private final Optional<PrunedJson> pruned;

    private RunContents(Path dir, RunInfo run, Results results, LeadersFile.Contents leaders, List<String> nodeFiles,
                        Optional<PrunedJson> pruned) {
        this.dir = dir;
        this.run = run;
        this.results = results;
        this.leaders = leaders;
        this.nodeFiles = nodeFiles;
        this.pruned = pruned;
    }

    public static RunContents read(Path dir) {
        RunFiles files = new RunFiles(dir);
        return new RunContents(dir, RunInfo.of(RunJson.read(dir)), Results.of(ResultsJson.read(dir)),
                LeadersFile.read(files.leaders()), listNodeFiles(files.nodes()), PrunedJson.read(dir));
    }

    /** Regular files directly inside nodes/&lt;id&gt;/, as paths relative to the run folder with '/' separators. */
    private static List<String> listNodeFiles(Path nodes) {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(nodes)) return out;
        try (Stream<Path> ids = Files.list(nodes)) {
            for (Path node : ids.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> files = Files.list(node)) {
                    files.filter(Files::isRegularFile).sorted().limit(MAX_FILES_PER_NODE)
                            .forEach(f -> out.add(RunFiles.NODES + "/" + node.getFileName() + "/" + f.getFileName()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable nodes folder only means no links
        }
        return out;
    }

    public Path dir() {
        return dir;
    }

    public Path history() {
        return new RunFiles(dir).history();
    }

    public RunInfo run() {
        return run;
    }

    public Results results() {
        return results;
    }

    public LeadersFile.Contents leaders() {
        return leaders;
    }

    /** The totals of pruned.json: the brokers' data pruned to replica digests after a VALID run; empty when kept whole. */
    public Optional<PrunedJson> pruned() {
        return pruned;
    }

    public List<String> nodeFiles() {
        return nodeFiles;
    }
}
