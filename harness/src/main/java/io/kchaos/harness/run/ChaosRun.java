package io.kchaos.harness.run;

import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.harness.cluster.KafkaCluster;
import io.kchaos.harness.cluster.OrphanReaper;
import io.kchaos.harness.cluster.Readiness;
import io.kchaos.harness.net.NetworkJanitor;
import io.kchaos.harness.os.ProcessCommandRunner;
import io.kchaos.harness.storage.DiskJanitor;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.AdminCoordinatorView;
import io.kchaos.nemesis.cluster.AdminTopicView;
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
    private final RunStop stop = new RunStop();
    private volatile long workloadStart;
    private String stoppedMoment;

    public ChaosRun(RunConfig config, RunFolder folder, ClusterFactory clusters, WorkloadFactory workloads,
                    List<Nemesis> nemeses, Judge judge, PrintStream out) {
        this.config = config;
        this.folder = folder;
        this.clusters = clusters;
        this.workloads = workloads;
        this.nemeses = nemeses;
        this.judge = judge;
        this.out = out;
    }

    /** Stops the workload phase early (Ctrl-C, or a configuration that cannot accept writes). */
    public RunStop stop() {
        return stop;
    }

    /** When in the run we are, for an interrupt's description: "after 23 s of 60" or "before the workload started". */
    public String moment() {
        long t0 = workloadStart;
        if (t0 == 0) return "before the workload started";
        return "after " + (System.nanoTime() - t0) / 1_000_000_000L + " s of " + config.timeLimitSeconds();
    }

    /** Runs and judges; the returned result is also written to results.json. */
    public CheckResult execute() throws Exception {
        List<Long> reaped = OrphanReaper.reap();
        if (!reaped.isEmpty()) out.println("reaped " + reaped.size() + " broker process(es) left by an earlier crashed run: " + reaped);
        List<String> swept = new NetworkJanitor(new ProcessCommandRunner()).sweep();
        if (!swept.isEmpty()) out.println("removed " + swept.size() + " network leftover(s) of an earlier crashed run: " + String.join(", ", swept));
        List<String> unmounted = new DiskJanitor(new ProcessCommandRunner()).sweep();
        if (!unmounted.isEmpty()) out.println("removed " + unmounted.size() + " disk leftover(s) of an earlier crashed run: " + String.join(", ", unmounted));
        RunRecord record = new RunRecord(config, folder);
        record.write();
        FinalState finalState;
        try (KafkaCluster cluster = clusters.create(config, folder)) {
            record.cluster(cluster);
            out.println("starting " + config.nodes() + "-node Kafka " + record.kafkaVersion() + " cluster ("
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

    @SuppressWarnings("try") // the status line is a resource only to be stopped at the end
    private FinalState runWorkload(KafkaCluster cluster, RunRecord record) throws Exception {
        long t0 = System.nanoTime();
        try (HistoryWriter history = new HistoryWriter(folder.history());
             Admin admin = cluster.admin();
             Workload workload = workloads.create(config)) {
            WorkloadContext wctx = new WorkloadContext(cluster::bootstrapServers, config.topic(), config.partitions(),
                    config.replicationFactor(), Map.of(), config.producerConfig(), config.consumerConfig(),
                    config.producers(), config.consumers(), config.rate(), config.seed(), history, config.workloadOptions());
            if (stop.isStopped()) {
                out.println("stopped " + stop.reason() + ": no workload run");
                return new FinalState(config.topic(), Map.of(), false, workload.stats().toString(), 0, cluster.logDirs());
            }
            workloadStart = System.nanoTime();
            CannotWriteWatch writes = new CannotWriteWatch(stop);
            history.addListener(writes);
            workload.start(wctx);
            AdminTopicView topicView = new AdminTopicView(admin, config.topic(), config.partitions());
            AdminCoordinatorView coordinators = new AdminCoordinatorView(admin, workload::transactionalIds, workload::groupIds);
            NemesisContext nctx = new NemesisContext(cluster, topicView, new NemesisRecorder(history), new Random(config.seed()),
                    coordinators);
            NemesisSchedule schedule = new NemesisSchedule(nemeses, nctx, seconds(config.nemesisIntervalSeconds()),
                    seconds(config.faultDurationSeconds()));
            try (MetadataPoller poller = new MetadataPoller(admin, config.topic(), history, folder.leaders());
                 StatusLine status = new StatusLine(out, 5, () -> String.format("[%4ds / %ds] %s | fault: %s",
                         (System.nanoTime() - t0) / 1_000_000_000L, config.timeLimitSeconds(), workload.stats(), schedule.currentFault()))) {
                poller.start();
                schedule.start();
                if (awaitTimeLimit(writes, admin)) {
                    stoppedMoment = moment();
                    out.println("stopping early " + stop.reason() + ": healing faults");
                } else {
                    out.println("time limit reached: healing faults");
                }
                schedule.stopAndHeal();
                workload.stop();
                if (stop.isStopped()) {
                    out.println("no final drain after an early stop");
                    poller.pollOnce();
                    return new FinalState(config.topic(), FinalIsr.read(admin, config.topic()), false, workload.stats().toString(),
                            schedule.injected(), cluster.logDirs());
                }
                out.println("waiting for a full ISR on " + config.topic());
                boolean inSync = awaitFullIsr(admin);
                if (!inSync) out.println("warning: the ISR did not become full within 120 s; draining anyway");
                out.println("draining: reading every partition completely");
                workload.drain();
                poller.pollOnce();
                return new FinalState(config.topic(), FinalIsr.read(admin, config.topic()), inSync, workload.stats().toString(),
                        schedule.injected(), cluster.logDirs());
            }
        } finally {
            record.duration((System.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * Waits out the time limit unless the run is stopped: by an interrupt, or because its writes are all refused and
     * the cluster confirms it refuses them (checked once a second while suspect). Returns true when stopped early.
     */
    private boolean awaitTimeLimit(CannotWriteWatch writes, Admin admin) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(config.timeLimitSeconds()).toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            if (stop.await(Duration.ofNanos(Math.min(left, Duration.ofSeconds(1).toNanos())))) return true;
            if (writes.suspect()) {
                IsrBelowMinimum.explain(admin, config.topic()).ifPresent(why -> stop.stop(RunStop.Cause.CANNOT_WRITE, why));
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
            Readiness.awaitFullIsr(admin, config.topic(), System.nanoTime() + Duration.ofSeconds(120).toNanos());
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis((long) (s * 1000));
    }
}
