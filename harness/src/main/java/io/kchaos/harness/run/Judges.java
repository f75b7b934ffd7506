package io.kchaos.harness.run;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.LeaderChange;
import io.kchaos.history.folder.LeadersFile;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunJson;
import io.kchaos.history.History;
import io.kchaos.history.NemesisTrack;
import io.kchaos.checker.availability.FailoverTimes;
import io.kchaos.checker.availability.LogDirMoves;
import io.kchaos.checker.queue.PartitionGrowth;
import io.kchaos.checker.queue.RetentionPolicy;
import io.kchaos.checker.cause.DedupWindowCause;
import io.kchaos.checker.metadata.PolledOffsetRegression;
import io.kchaos.checker.metadata.StuckReassignments;
import io.kchaos.checker.metadata.VoterRemovalUndone;
import io.kchaos.checker.raft.HistoryObservations;
import io.kchaos.checker.raft.PolledObservations;
import io.kchaos.checker.raft.QuorumObservation;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.checker.raft.RaftAudit;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The judge of a run: the client-history checks of its workload ({@link WorkloadKind}), then the replica audit and the
 * Raft audit of the metadata log, the checks of the run's quorum polls and of the reassignments that did not complete
 * ({@link StuckReassignments}), the controller faults' failover times
 * ({@link FailoverTimes}) and the ISR after each move between log dirs ({@link LogDirMoves}).
 */
public final class Judges {
    private Judges() {
    }

    /**
     * The judge of a full run: history checks, then the replica and Raft audits of the cleanly stopped nodes' files;
     * its stats say how many partitions the topic had at the start ({@code partitionsAtStart}) and at the end.
     */
    public static Judge forRun(String workload, int partitionsAtStart) {
        return (history, folder, fin) -> {
            RunJson run = RunJson.read(folder.dir());
            CheckResult r = WorkloadMix.of(workload).historyChecker(RetentionPolicy.of(run)).check(history);
            r.stats().put(ResultsFields.Stats.FAULTS_INJECTED, fin.faultsInjected());
            r.stats().set(ResultsFields.Stats.TOPIC_PARTITIONS,
                    PartitionGrowth.figures(history, partitionsAtStart, fin.finalIsr().size()));
            if (!fin.fullIsrBeforeDrain()) r.warn("the ISR was not full before the drain; replicas outside it may lag");
            LeadersFile.Contents leaders = LeadersFile.read(folder.files().leaders());
            leaders.warnings().forEach(r::warn);
            r.merge(replicaAudit(history, fin, run.tiered(), leaders.changes()));
            if (run.tiered()) r.merge(remoteTier(r, run.tieredBucket().orElse(folder.files().bucket()), fin.topic()));
            List<QuorumSamples.Sample> polls = QuorumSamples.read(folder.files().quorum());
            r.merge(raftAudit(history, polls, fin));
            r.merge(PolledOffsetRegression.judge(polls));
            NemesisTrack faults = NemesisTrack.of(history);
            r.merge(VoterRemovalUndone.judge(faults.asHistory(), polls));
            r.merge(StuckReassignments.judge(faults.asHistory()));
            FailoverTimes.addTo(r, faults, ControllerTimeline.of(run));
            LogDirMoves.addTo(r, faults, leaders.changes());
            explainKnownCauses(r, folder, fin);
            return r;
        };
    }

    /**
     * Names Kafka's known causes beside the anomalies whose evidence (the brokers' files and server logs) shows them;
     * the verdict stays as judged. A failure to read the evidence is a warning, never a change of verdict.
     */
    static void explainKnownCauses(CheckResult r, RunFolder folder, FinalState fin) {
        try {
            Map<Integer, Path> serverLogs = new TreeMap<>();
            for (int node : fin.logDirs().keySet()) serverLogs.put(node, folder.files().node(node).resolve(RunFiles.SERVER_LOG));
            DedupWindowCause.explain(r, fin.topic(), fin.allLogDirs(), serverLogs);
        } catch (RuntimeException e) {
            r.warn("known causes not looked for: " + e.getMessage());
        }
    }

    /**
     * The Raft audit of the run's metadata logs, with the run's quorum polls and the history's quorum samples as
     * observations of what was committed; skipped with a warning when the backend does not bring the logs back.
     */
    static CheckResult raftAudit(History history, List<QuorumSamples.Sample> polls, FinalState fin) {
        CheckResult r;
        if (fin.metadataLogs().isEmpty()) {
            r = new CheckResult();
            r.warn("Raft audit skipped: this backend does not bring the nodes' metadata logs back");
            return r;
        }
        try {
            List<QuorumObservation> observed = new ArrayList<>(PolledObservations.of(polls));
            observed.addAll(HistoryObservations.of(history));
            return RaftAudit.of(fin.metadataLogs()).withObservations(observed).run();
        } catch (RuntimeException e) {
            r = new CheckResult();
            r.error("Raft audit failed: " + e.getMessage());
            return r;
        }
    }

    /**
     * {@code stats.tiered} (the calls the brokers made on the bucket) into {@code r}, and the remote-tier audit of
     * {@code topic}'s segments ({@link RemoteTierAudit}); a bucket that cannot be read is a warning.
     */
    static CheckResult remoteTier(CheckResult r, Path bucket, String topic) {
        try {
            BucketCallStats calls = new BucketCallStats();
            RemoteTierAudit audit = new RemoteTierAudit(topic);
            BucketCallLogs.forEachLine(bucket, (broker, line) -> { // one read of the call logs for both
                calls.add(broker, line);
                audit.add(broker, line);
            });
            com.fasterxml.jackson.databind.node.ObjectNode stats = calls.toJson();
            CheckResult lost = audit.judge(bucket, stats);
            r.stats().set(ResultsFields.Stats.TIERED, stats);
            return lost;
        } catch (RuntimeException e) {
            r.warn("no stats.tiered and no remote-tier audit: " + e.getMessage());
            return new CheckResult();
        }
    }

    /**
     * The audit of the run's data directories against each other, against the history's acknowledged writes and
     * against the leaders the run observed ({@code leaders}, leaders.jsonl); on a tiered topic ({@code tiered}) what
     * lies below each replica's first local segment is in the remote tier.
     */
    static CheckResult replicaAudit(History history, FinalState fin, boolean tiered, List<LeaderChange> leaders) {
        try {
            ReplicaAudit.Builder audit = ReplicaAudit.builder().logDirs(fin.allLogDirs()).topics(List.of(fin.topic()))
                    .finalIsr(fin.topic(), fin.finalIsr()).ackedWrites(history, fin.topic()).observedLeaders(fin.topic(), leaders);
            if (tiered) audit.remoteTier(List.of(fin.topic()));
            return audit.build().run();
        } catch (RuntimeException e) {
            CheckResult failed = new CheckResult();
            failed.error("replica audit failed: " + e.getMessage());
            return failed;
        }
    }
}
