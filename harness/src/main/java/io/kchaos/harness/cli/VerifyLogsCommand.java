package io.kchaos.harness.cli;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.FolderJson;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code kchaos verify-logs}: audits brokers' on-disk replicas (segments, CRCs, checkpoints, epoch lineage, agreement). */
@Command(name = "verify-logs", mixinStandardHelpOptions = true,
        description = {"Judge the on-disk replicas in broker log directories (one log.dirs folder each; node id from meta.properties):",
                "batches, CRCs, checkpoints, leader-epoch lineage, cross-replica agreement; with --history, also that every",
                "acknowledged write is on every final-ISR replica. Exit 0 valid, 1 anomalies, 2 could not judge."})
final class VerifyLogsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..*", description = "broker log directories (e.g. store/latest/nodes/*/data), or replica digests of --backend ssh runs (nodes/*/replica.digest)")
    List<Path> dirs;

    @Option(names = "--history", paramLabel = "HISTORY", description = "a history.jsonl whose acknowledged sends must be on every final-ISR replica")
    Path history;

    @Option(names = "--topic", paramLabel = "NAME", description = "only this topic; with --history, the topic it wrote to (default: run.json beside the history, else every non-internal topic)")
    String topic;

    @Option(names = "--out", paramLabel = "FILE", description = "write results.json here")
    Path out;

    @Override
    public Integer call() throws IOException {
        long t0 = System.nanoTime();
        java.util.List<Path> inputs = new java.util.ArrayList<>(dirs);
        inputs.add(history);
        OutputPath.refuseClobbering(out, inputs);
        ReplicaAudit.Builder audit = ReplicaAudit.builder().logDirs(dirs);
        String t = topic != null ? topic : history != null ? topicOfRun(history) : null;
        if (t != null) audit.topics(List.of(t));
        if (history != null) {
            if (t == null) throw new IllegalArgumentException("--history needs --topic (no run.json beside " + history + ")");
            audit.ackedWrites(HistoryFile.open(history), t);
        }
        CheckResult r = audit.build().run();
        if (out != null) r.writeTo(out);
        VerdictPrinter.print(r, System.out);
        System.out.printf("audited %d log dir(s) in %.1f s%s%n", dirs.size(), (System.nanoTime() - t0) / 1e9, out == null ? "" : "; results in " + out);
        return VerdictPrinter.exitCode(r);
    }

    private static String topicOfRun(Path history) throws IOException {
        RunJson run = RunJson.read(RunFiles.besideHistory(history).dir());
        if (run.file().status() == FolderJson.Status.UNREADABLE) throw new IOException(run.file().detail());
        return run.topic().orElse(null);
    }
}
