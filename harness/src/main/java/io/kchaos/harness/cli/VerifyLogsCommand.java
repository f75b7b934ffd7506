package io.kchaos.harness.cli;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.folder.FolderJson;
import io.kchaos.history.folder.LeadersFile;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.checker.raft.MetadataNode;
import io.kchaos.checker.raft.QuorumObservation;
import io.kchaos.checker.raft.RaftAudit;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code kchaos verify-logs}: audits brokers' on-disk replicas (segments, CRCs, checkpoints, epoch lineage, agreement)
 * and, in the DIRs that hold {@code __cluster_metadata-0}, the KRaft metadata log (the Raft audit).
 */
@Command(name = "verify-logs", mixinStandardHelpOptions = true,
        description = {"Judge the on-disk replicas in broker log directories (one log.dirs folder each; node id from meta.properties):",
                "batches, CRCs, checkpoints, leader-epoch lineage, cross-replica agreement; with --history, also that every",
                "acknowledged write is on every final-ISR replica. DIRs holding __cluster_metadata-0 (metadata.log.dir, or a",
                "combined node's data dir) also get the Raft audit of the KRaft metadata log.",
                "Exit 0 valid, 1 anomalies, 2 could not judge."})
final class VerifyLogsCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..*", description = "broker log directories (e.g. store/latest/nodes/*/data), metadata log directories (nodes/*/metadata), or replica digests of --backend ssh runs (nodes/*/replica.digest)")
    List<Path> dirs;

    @Option(names = "--history", paramLabel = "HISTORY", description = "a history.jsonl whose acknowledged sends must be on every final-ISR replica; the leaders.jsonl beside it names the leaders that must have kept their epoch")
    Path history;

    @Option(names = "--topic", paramLabel = "NAME", description = "only this topic; with --history, the topic it wrote to (default: run.json beside the history, else every non-internal topic)")
    String topic;

    @Option(names = "--remote-tier", paramLabel = "TOPIC[,TOPIC...]", split = ",",
            description = "topics with tiered storage: what lies below a replica's first local segment is in the remote tier, not missing "
                    + "(default: the topic of a --tiered run.json beside the history)")
    List<String> remoteTier;

    @Option(names = "--out", paramLabel = "FILE", description = "write results.json here")
    Path out;

    @Option(names = "--voters", paramLabel = "ID[,ID...]", split = ",",
            description = "the KRaft voter set the Raft audit counts until a metadata log names another (default: the voter sets the logs name, "
                    + "else the quorum-state files' list, else every metadata log dir given, with a warning)")
    List<Integer> voters;

    @Option(names = "--committed", paramLabel = "OFFSET",
            description = "a metadata offset you know the quorum committed (a high watermark seen): every offset below it must still be on a majority of voters")
    Long committed;

    @Override
    public Integer call() throws IOException {
        long t0 = System.nanoTime();
        java.util.List<Path> inputs = new java.util.ArrayList<>(dirs);
        inputs.add(history);
        OutputPath.refuseClobbering(out, inputs);
        for (Path d : dirs) if (!Files.exists(d)) throw new IllegalArgumentException("no such log dir: " + d);
        if (committed != null && committed < 0) throw new IllegalArgumentException("--committed must be >= 0, not " + committed);
        List<Path> metadataDirs = dirs.stream().filter(MetadataLogDirs::holdsMetadataLog).toList();
        if (metadataDirs.isEmpty() && (voters != null || committed != null)) {
            throw new IllegalArgumentException((voters != null ? "--voters" : "--committed") + " needs a DIR holding "
                    + MetadataNode.PARTITION_FOLDER + "; none of the DIRs given does");
        }
        RunJson run = history == null ? null : runBeside(history);
        String t = topic != null ? topic : run != null ? run.topic().orElse(null) : null;
        List<Path> replicaDirs = dirs.stream().filter(d -> !MetadataLogDirs.onlyMetadata(d)).toList();
        CheckResult r = replicaDirs.isEmpty() && history == null ? new CheckResult() : replicaAudit(replicaDirs.isEmpty() ? dirs : replicaDirs, t, run);
        if (!metadataDirs.isEmpty()) r.merge(raftAudit(metadataDirs));
        if (out != null) r.writeTo(out);
        VerdictPrinter.print(r, System.out);
        System.out.printf("audited %d log dir(s) in %.1f s%s%n", dirs.size(), (System.nanoTime() - t0) / 1e9, out == null ? "" : "; results in " + out);
        return VerdictPrinter.exitCode(r);
    }

    private CheckResult replicaAudit(List<Path> logDirs, String t, RunJson run) throws IOException {
        ReplicaAudit.Builder audit = ReplicaAudit.builder().logDirs(logDirs);
        if (t != null) audit.topics(List.of(t));
        if (remoteTier != null) audit.remoteTier(remoteTier);
        else if (t != null && run != null && run.tiered()) audit.remoteTier(List.of(t));
        if (history != null) {
            if (t == null) throw new IllegalArgumentException("--history needs --topic (no run.json beside " + history + ")");
            audit.ackedWrites(HistoryFile.open(history), t);
            audit.observedLeaders(t, LeadersFile.read(RunFiles.besideHistory(history).leaders()).changes());
        }
        return audit.build().run();
    }

    private CheckResult raftAudit(List<Path> metadataDirs) {
        MetadataLogDirs m = MetadataLogDirs.of(metadataDirs, voters);
        List<QuorumObservation> observed = committed == null ? List.of() : List.of(QuorumObservation.fromOperator(committed));
        CheckResult r = RaftAudit.of(m.nodes()).withObservations(observed).run();
        m.warnings().forEach(r::warn);
        return r;
    }

    /** The run.json beside a history (a MissingNode's when there is none); an unreadable one is an error. */
    private static RunJson runBeside(Path history) throws IOException {
        RunJson run = RunJson.read(RunFiles.besideHistory(history).dir());
        if (run.file().status() == FolderJson.Status.UNREADABLE) throw new IOException(run.file().detail());
        return run;
    }
}
