package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;
import io.kchaos.history.Json;
import io.kchaos.history.HistoryWriter;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.Readiness;
import io.kchaos.harness.upgrade.FeatureLevels;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.workload.Workload;
import org.apache.kafka.clients.admin.Admin;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One chaos run of a plan ({@link RunConfig}), in the order the data flows: start the cluster, start the workload and
 * the fault phase ({@link FaultPhase}), run for the time limit, stop the faults and heal, stop the workload, wait for a
 * full ISR, drain, record the final ISR, stop the cluster cleanly, then judge, write results and report ({@link RunEnd}).
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
    private final EndPhases endPhases;
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
        this.endPhases = new EndPhases(clock);
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
        record.section(RunFields.CONSISTENCY_MODEL, Json.MAPPER.valueToTree(judge.model().name()));
        record.section(RunFields.CLIENT, Json.MAPPER.valueToTree(new java.util.TreeMap<>(config.setup().client().describe())));
        config.setup().replay().ifPresent(r -> record.section(RunFields.REPLAY_OF, r.of()));
        FinalState finalState;
        try (KafkaCluster cluster = ProxiedRuns.wrap(clusters.create(config, folder), config, nemeses, folder)) {
            record.cluster(cluster);
            out.println("starting " + config.cluster().nodes() + "-node Kafka " + record.kafkaVersion() + " cluster ("
                    + cluster.describe() + ") in " + folder.dir());
            double startup = cluster.start();
            record.startup(startup, cluster);
            out.printf(RunFields.EndPhase.READY_LINE + "%.1f s: %s%n", startup, cluster.bootstrapServers());
            finalState = runWorkload(cluster, record);
            out.println("stopping the cluster cleanly");
            endPhases.begin(RunFields.EndPhase.CLEAN_STOP);
            cluster.stopAll();
            finalState = finalState.afterStop(cluster);
        }
        endPhases.begin(RunFields.EndPhase.CHECK);
        CheckResult result = new RunEnd(judge, folder, config.keepData(), out).finish(finalState, stop, stoppedMoment, record);
        endPhases.end();
        record.endPhases(endPhases.seconds());
        out.println(endPhases.describe());
        return result;
    }

    /** {@code kafka-finalized-features}: the feature levels the started cluster runs with (left out when it does not answer). */
    private void finalizedFeatures(Admin admin, RunRecord record) {
        try {
            record.section(RunFields.KAFKA_FINALIZED_FEATURES, Json.MAPPER.valueToTree(FeatureLevels.finalized(admin)));
        } catch (IllegalStateException e) {
            out.println("warning: the cluster's feature levels are not recorded: " + e.getMessage());
        }
    }

    @SuppressWarnings("try") // the status line is a resource only to be stopped at the end
    private FinalState runWorkload(KafkaCluster cluster, RunRecord record) throws Exception {
        long t0 = clock.nanoTime();
        try (HistoryWriter history = new HistoryWriter(folder.files().history(config.historyFormat()), config.historyFormat());
             Admin admin = cluster.admin();
             RunQuorumView quorum = new RunQuorumView(cluster, admin);
             Workload workload = workloads.create(config)) {
            if (stop.isStopped()) {
                out.println("stopped " + stop.reason() + ": no workload run");
                return new FinalState(config.cluster().topic(), Map.of(), false, workload.stats().toString(), 0, cluster.logDirs(), FinalState.metadataLogs(cluster));
            }
            finalizedFeatures(admin, record);
            workloadStart = clock.nanoTime();
            CannotWriteWatch writes = new CannotWriteWatch(stop);
            history.addListener(writes);
            startWorkload(workload, cluster, history, record);
            FaultPhase faults = new FaultPhase(config, nemeses, cluster, admin, quorum, workload, history);
            try (MetadataPoller poller = new MetadataPoller(admin, config.cluster().topic(), history, folder.leaders());
                 QuorumPoller quorumPoller = new QuorumPoller(quorum, history, record, folder.files().quorum());
                 StatusLine status = new StatusLine(out, 5, () -> String.format("[%4ds / %ds] %s | fault: %s",
                         (clock.nanoTime() - t0) / 1_000_000_000L, config.timeLimitSeconds(), workload.stats(), faults.status()))) {
                poller.start();
                quorumPoller.start();
                faults.start();
                endFaults(faults, awaitTimeLimit(writes, admin, faults), record);
                endPhases.begin(RunFields.EndPhase.WORKLOAD_STOP);
                workload.stop();
                if (faults.upgradeFailure() != null) throw new ClusterException("rolling upgrade failed: " + faults.upgradeFailure());
                return endWorkload(workload, cluster, admin, poller, faults.injected());
            }
        } finally {
            record.duration((clock.nanoTime() - t0) / 1e9);
        }
    }

    /** Starts the workload on the plan's context; what it chose at start goes into run.json and on the console. */
    private void startWorkload(Workload workload, KafkaCluster cluster, HistoryWriter history, RunRecord record) throws Exception {
        workload.start(config.workloadContext(cluster::bootstrapServers, cluster.clientSecurity(), history));
        Map<String, String> choices = workload.choices();
        if (!choices.isEmpty()) {
            record.section(RunFields.WORKLOAD_CHOICES, Json.MAPPER.valueToTree(choices));
            out.println(config.load().name() + " workload: " + choices.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
    }

    /** Ends the fault phase: the upgrade abandoned after an early stop or finished at the time limit, every fault healed. */
    private void endFaults(FaultPhase faults, boolean early, RunRecord record) throws Exception {
        if (early) {
            stoppedMoment = moment();
            out.println("stopping early " + stop.reason() + ": healing faults");
            faults.abandonUpgrade();
        } else {
            faults.finishUpgrade(out);
            out.println(faults.done() ? "every fault asked for held and was healed (fault-count " + faults.injected() + "): ending the run"
                    : "time limit reached: healing faults");
        }
        endPhases.begin(RunFields.EndPhase.HEAL);
        faults.stopAndHeal(record);
    }

    /**
     * After the workload stopped: without an early stop, a full ISR awaited (at most {@link KafkaBounds#rejoin()}, from
     * the broker settings) and the final drain; then the last leader poll and the final ISR.
     */
    private FinalState endWorkload(Workload workload, KafkaCluster cluster, Admin admin, MetadataPoller poller, int injected) throws Exception {
        String topic = config.cluster().topic();
        boolean inSync = false;
        if (stop.isStopped()) {
            out.println("no final drain after an early stop");
        } else {
            out.println("waiting for a full ISR on " + topic);
            endPhases.begin(RunFields.EndPhase.FULL_ISR);
            Duration bound = new KafkaBounds(cluster.brokerSettings()).rejoin();
            inSync = awaitFullIsr(admin, bound);
            if (!inSync) out.println("warning: the ISR did not become full within " + bound.toSeconds() + " s; draining anyway");
            out.println("draining: reading every partition completely");
            endPhases.begin(RunFields.EndPhase.DRAIN);
            workload.drain();
        }
        endPhases.end();
        try {
            poller.pollOnce();
        } catch (Exception e) { // a cluster that no longer answers still gets its verdict from the history and the files
            out.println("warning: the last leader poll failed: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        return new FinalState(topic, FinalIsr.read(admin, topic), inSync, workload.stats().toString(), injected, cluster.logDirs(), FinalState.metadataLogs(cluster));
    }

    /**
     * Waits out the time limit unless the run is stopped: by an interrupt, or because its writes are all refused and
     * the cluster confirms it refuses them (checked once a second while suspect); a failed rolling upgrade ends it
     * too. Returns true when stopped early.
     */
    private boolean awaitTimeLimit(CannotWriteWatch writes, Admin admin, FaultPhase faults) throws InterruptedException {
        long deadline = clock.nanoTime() + Duration.ofSeconds(config.timeLimitSeconds()).toNanos();
        while (true) {
            long left = deadline - clock.nanoTime();
            if (left <= 0 || faults.upgradeFailure() != null || faults.done()) return false;
            if (stop.await(Duration.ofNanos(Math.min(left, Duration.ofSeconds(1).toNanos())))) return true;
            if (writes.suspect()) {
                IsrBelowMinimum.explain(admin, config.cluster().topic()).ifPresent(why -> stop.stop(RunStop.Cause.CANNOT_WRITE, why));
            }
        }
    }

    private boolean awaitFullIsr(Admin admin, Duration bound) {
        try {
            Readiness.awaitFullIsr(admin, config.cluster().topic(), System.nanoTime() + bound.toNanos()); // Readiness polls on the system clock
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
