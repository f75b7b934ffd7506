package io.kchaos.harness.run;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.Json;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.Readiness;
import io.kchaos.harness.proxy.ProxiedRuns;
import io.kchaos.harness.upgrade.FeatureLevels;
import io.kchaos.harness.upgrade.RollingUpgrade;
import io.kchaos.harness.upgrade.UpgradeSchedule;
import io.kchaos.harness.upgrade.UpgradeWait;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.AdminCoordinatorView;
import io.kchaos.nemesis.cluster.AdminTopicView;
import io.kchaos.nemesis.guard.GuardedCluster;
import io.kchaos.nemesis.guard.NodeGuard;
import io.kchaos.nemesis.replay.RecordedSchedule;
import io.kchaos.nemesis.replay.ReplaySchedule;
import io.kchaos.nemesis.schedule.FaultDriver;
import io.kchaos.nemesis.schedule.NemesisSchedule;
import io.kchaos.report.RunReport;
import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.admin.Admin;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * One chaos run, in the order the data flows: start the cluster, start the workload and the nemesis, run for the time
 * limit, stop the faults and heal, stop the workload, wait for a full ISR, drain, record the final ISR, stop the
 * cluster cleanly, check the history (and the replicas), write results and report.
 */
public final class ChaosRun {
    private final RunConfig config;
    private final RunFolder folder;
    private final ClusterFactory clusters;
    private final WorkloadFactory workloads;
    private final List<Nemesis> nemeses;
    private final Judge judge;
    private final PrintStream out;
    private final RunClock clock;
    private final RunStop stop = new RunStop();
    private volatile long workloadStart;
    private String stoppedMoment;

    public ChaosRun(RunConfig config, RunFolder folder, ClusterFactory clusters, WorkloadFactory workloads,
                    List<Nemesis> nemeses, Judge judge, PrintStream out, RunClock clock) {
        this.config = config;
        this.folder = folder;
        this.clusters = clusters;
        this.workloads = workloads;
        this.nemeses = nemeses;
        this.judge = judge;
        this.out = out;
        this.clock = clock;
    }

    /** Stops the workload phase early (Ctrl-C, or a configuration that cannot accept writes). */
    public RunStop stop() {
        return stop;
    }

    /** When in the run we are, for an interrupt's description: "after 23 s of 60" or "before the workload started". */
    public String moment() {
        long t0 = workloadStart;
        if (t0 == 0) return "before the workload started";
        return "after " + (clock.nanoTime() - t0) / 1_000_000_000L + " s of " + config.timeLimitSeconds();
    }

    /** Runs and judges; the returned result is also written to results.json. */
    public CheckResult execute() throws Exception {
        clusters.sweepLeftovers().forEach(out::println);
        RunRecord record = new RunRecord(config, folder);
        record.section("client", Json.MAPPER.valueToTree(new java.util.TreeMap<>(config.setup().client().describe())));
        config.setup().replay().ifPresent(r -> record.section("replay-of", r.of()));
        FinalState finalState;
        try (KafkaCluster cluster = ProxiedRuns.wrap(clusters.create(config, folder), config, nemeses, folder)) {
            record.cluster(cluster);
            out.println("starting " + config.cluster().nodes() + "-node Kafka " + record.kafkaVersion() + " cluster ("
                    + cluster.describe() + ") in " + folder.dir());
            double startup = cluster.start();
            record.startup(startup, cluster);
            out.printf("cluster ready in %.1f s: %s%n", startup, cluster.bootstrapServers());
            finalState = runWorkload(cluster, record);
            out.println("stopping the cluster cleanly");
            cluster.stopAll();
        }
        out.println("checking " + folder.history());
        CheckResult result = judge.judge(HistoryFile.open(folder.history()), folder, finalState);
        if (stop.cause() == RunStop.Cause.INTERRUPTED) {
            result.interrupted(stop.reason());
            result.warn("the run was interrupted " + stop.reason() + ": faults healed, cluster stopped cleanly, no final drain;"
                    + " the verdict covers what was recorded");
        } else if (stop.cause() == RunStop.Cause.CANNOT_WRITE) {
            result.warn("the run stopped early " + stoppedMoment + " s of its time limit: " + stop.reason());
            if (!stop.reason().startsWith("0 of ")) result.error(stop.reason()); // the cluster's answer, beside the history's
        }
        result.writeTo(folder.results());
        record.finish();
        writeReport();
        return result;
    }

    /** {@code kafka-finalized-features}: the feature levels the started cluster runs with (left out when it does not answer). */
    private void finalizedFeatures(Admin admin, RunRecord record) {
        try {
            record.section("kafka-finalized-features", Json.MAPPER.valueToTree(FeatureLevels.finalized(admin)));
        } catch (IllegalStateException e) {
            out.println("warning: the cluster's feature levels are not recorded: " + e.getMessage());
        }
    }

    @SuppressWarnings("try") // the status line is a resource only to be stopped at the end
    private FinalState runWorkload(KafkaCluster cluster, RunRecord record) throws Exception {
        long t0 = clock.nanoTime();
        try (HistoryWriter history = new HistoryWriter(folder.history());
             Admin admin = cluster.admin();
             Workload workload = workloads.create(config)) {
            WorkloadContext wctx = config.workloadContext(cluster::bootstrapServers, history);
            if (stop.isStopped()) {
                out.println("stopped " + stop.reason() + ": no workload run");
                return new FinalState(config.cluster().topic(), Map.of(), false, workload.stats().toString(), 0, cluster.logDirs());
            }
            finalizedFeatures(admin, record);
            workloadStart = clock.nanoTime();
            CannotWriteWatch writes = new CannotWriteWatch(stop);
            history.addListener(writes);
            workload.start(wctx);
            Map<String, String> choices = workload.choices();
            if (!choices.isEmpty()) {
                record.section("workload-choices", Json.MAPPER.valueToTree(choices));
                out.println(config.load().name() + " workload: " + choices.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", ")));
            }
            AdminTopicView topicView = new AdminTopicView(admin, config.cluster().topic(), config.cluster().partitions());
            AdminCoordinatorView coordinators = new AdminCoordinatorView(admin, workload::transactionalIds, workload::groupIds,
                    workload::shareGroupIds, () -> sharePartitions(workload.shareGroupIds()));
            NodeGuard guard = new NodeGuard();
            NemesisRecorder recorder = new NemesisRecorder(history);
            cluster.protocol().ifPresent(p -> p.onAction(a -> recorder.record(NemesisOps.PROXY_ACTION, a, () -> { })));
            UpgradeSchedule upgrade = config.setup().upgrade().orElse(null);
            NemesisContext nctx = new NemesisContext(upgrade == null ? cluster : new GuardedCluster(cluster, guard), topicView, recorder,
                    new Random(config.seed()), coordinators);
            RollingUpgrade rolling = upgrade == null ? null : new RollingUpgrade(upgrade, cluster, guard, recorder, history, admin);
            RecordedSchedule replay = config.setup().replay().map(RunSetup.Replay::schedule).orElse(null);
            FaultDriver schedule = replay != null ? new ReplaySchedule(replay, nctx)
                    : new NemesisSchedule(nemeses, nctx, seconds(config.faults().intervalSeconds()), seconds(config.faults().durationSeconds()));
            try (MetadataPoller poller = new MetadataPoller(admin, config.cluster().topic(), history, folder.leaders());
                 StatusLine status = new StatusLine(out, 5, () -> String.format("[%4ds / %ds] %s | fault: %s",
                         (clock.nanoTime() - t0) / 1_000_000_000L, config.timeLimitSeconds(), workload.stats(), schedule.currentFault())
                         + (rolling == null ? "" : " | upgrade: " + rolling.status()))) {
                poller.start();
                schedule.start();
                if (rolling != null) rolling.start();
                if (awaitTimeLimit(writes, admin, rolling)) {
                    stoppedMoment = moment();
                    out.println("stopping early " + stop.reason() + ": healing faults");
                    if (rolling != null) UpgradeWait.abandon(rolling);
                } else {
                    if (rolling != null) UpgradeWait.finish(rolling, out);
                    out.println("time limit reached: healing faults");
                }
                schedule.stopAndHeal();
                if (rolling != null) {
                    record.section("upgrade", rolling.summary());
                    if (rolling.failure() != null) {
                        workload.stop();
                        throw new ClusterException("rolling upgrade failed: " + rolling.failure());
                    }
                }
                workload.stop();
                if (stop.isStopped()) {
                    out.println("no final drain after an early stop");
                    poller.pollOnce();
                    return new FinalState(config.cluster().topic(), FinalIsr.read(admin, config.cluster().topic()), false, workload.stats().toString(),
                            schedule.injected(), cluster.logDirs());
                }
                out.println("waiting for a full ISR on " + config.cluster().topic());
                boolean inSync = awaitFullIsr(admin);
                if (!inSync) out.println("warning: the ISR did not become full within 120 s; draining anyway");
                out.println("draining: reading every partition completely");
                workload.drain();
                poller.pollOnce();
                return new FinalState(config.cluster().topic(), FinalIsr.read(admin, config.cluster().topic()), inSync, workload.stats().toString(),
                        schedule.injected(), cluster.logDirs());
            }
        } finally {
            record.duration((clock.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * Waits out the time limit unless the run is stopped: by an interrupt, or because its writes are all refused and
     * the cluster confirms it refuses them (checked once a second while suspect); a failed rolling upgrade ends it
     * too. Returns true when stopped early.
     */
    private boolean awaitTimeLimit(CannotWriteWatch writes, Admin admin, RollingUpgrade rolling) throws InterruptedException {
        long deadline = clock.nanoTime() + Duration.ofSeconds(config.timeLimitSeconds()).toNanos();
        while (true) {
            long left = deadline - clock.nanoTime();
            if (left <= 0 || rolling != null && rolling.failure() != null) return false;
            if (stop.await(Duration.ofNanos(Math.min(left, Duration.ofSeconds(1).toNanos())))) return true;
            if (writes.suspect()) {
                IsrBelowMinimum.explain(admin, config.cluster().topic()).ifPresent(why -> stop.stop(RunStop.Cause.CANNOT_WRITE, why));
            }
        }
    }

    private void writeReport() {
        try {
            out.println("report: " + RunReport.write(folder.dir()).html());
        } catch (RuntimeException e) {
            out.println("warning: the report could not be written: " + e.getMessage());
        }
    }

    private boolean awaitFullIsr(Admin admin) {
        try {
            Readiness.awaitFullIsr(admin, config.cluster().topic(), System.nanoTime() + Duration.ofSeconds(120).toNanos()); // Readiness polls on the system clock
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis((long) (s * 1000));
    }

    /** Each share group's share-partitions of the run's topic, as {@code group:topic:partition}. */
    private List<String> sharePartitions(List<String> shareGroups) {
        List<String> out = new java.util.ArrayList<>();
        for (String g : shareGroups) {
            for (int p = 0; p < config.cluster().partitions(); p++) out.add(g + ":" + config.cluster().topic() + ":" + p);
        }
        return out;
    }
}
