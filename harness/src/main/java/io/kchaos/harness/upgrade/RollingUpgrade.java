package io.kchaos.harness.upgrade;

import io.kchaos.history.folder.RunFields.Upgrade;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.VersionedNodes;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.guard.NodeGuard;
import org.apache.kafka.clients.admin.Admin;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code rolling-upgrade} step of a run, on its own thread beside the workload and the fault schedule: after a
 * delay, each node in turn is taken from the faults ({@link NodeGuard}), stopped cleanly, switched to the next
 * release's jars on the same data directory and started, and the next node waits until it is back in every ISR it
 * belongs to. Then, after a hold, either the feature levels are finalized ({@code updateFeatures}) or every node rolls
 * back down. Each step is a nemesis op pair in the history: {@code rolling-upgrade} around the round,
 * {@code upgrade-node} per node (from, to), {@code finalize-features} (levels before and after). A node that does not
 * come back within the bound ends the step with a failure naming the node and its log.
 */
public final class RollingUpgrade implements Runnable {
    private final UpgradeSchedule schedule;
    private final KafkaCluster cluster;
    private final VersionedNodes versions;
    private final NodeGuard guard;
    private final NemesisRecorder recorder;
    private final HistoryWriter clock;
    private final Admin admin;
    private final Map<String, String> brokerSettings;
    private final NodeVersionTimeline timeline;
    private final ObjectNode summary = Json.object();
    private final ArrayNode restarts = summary.putArray(Upgrade.NODE_RESTARTS);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread thread = new Thread(this, "rolling-upgrade");
    private volatile String status = "waiting";
    private volatile String failure;
    private volatile Map<String, Short> finalizedLevels = Map.of();

    public RollingUpgrade(UpgradeSchedule schedule, KafkaCluster cluster, NodeGuard guard, NemesisRecorder recorder,
                          HistoryWriter clock, Admin admin) {
        if (!(cluster instanceof VersionedNodes v)) throw new IllegalArgumentException("this backend cannot switch a node's Kafka release");
        this.schedule = schedule;
        this.cluster = cluster;
        this.versions = v;
        this.guard = guard;
        this.recorder = recorder;
        this.clock = clock;
        this.admin = admin;
        this.brokerSettings = cluster.brokerSettings();
        this.timeline = new NodeVersionTimeline(cluster.nodeIds(), schedule.path().from().toString());
        thread.setDaemon(true);
        summary.put(Upgrade.FROM, schedule.path().from().toString());
        summary.put(Upgrade.TO, schedule.path().to().toString());
        schedule.path().downgradeTo().ifPresent(d -> summary.put(Upgrade.DOWNGRADE_TO, d.toString()));
        summary.put(Upgrade.FINALIZE, schedule.path().finalizes());
    }

    public void start() {
        thread.start();
    }

    /** Waits for the whole step (upgrade, then finalize or downgrade); true when it ended within the timeout. */
    public boolean awaitDone(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean isDone() {
        return finished.getCount() == 0;
    }

    /** Why the step failed (one line naming the node and its log), or null. */
    public String failure() {
        return failure;
    }

    /** What it is doing now, for the status line. */
    public String status() {
        return status;
    }

    /** For run.json: the path, each node's restart (seconds since the run started), feature levels, versions over time. */
    public ObjectNode summary() {
        synchronized (summary) {
            ObjectNode copy = summary.deepCopy();
            copy.put(Upgrade.STATUS, failure != null ? "failed: " + failure : isDone() ? "done" : status);
            copy.set(Upgrade.NODE_VERSIONS, timeline.toJson());
            return copy;
        }
    }

    /** Stops the step early (end of a run); a node being switched is still started again. */
    public void interrupt() {
        thread.interrupt();
    }

    @Override
    public void run() {
        try {
            if (!sleep(schedule.startAfter())) return;
            put(Upgrade.FEATURES_BEFORE, FeatureLevels.finalized(admin));
            roll(schedule.path().from(), schedule.path().to());
            status = "holding on " + schedule.path().to() + " before " + (schedule.path().finalizes() ? "finalizing" : "the downgrade");
            if (!sleep(schedule.hold())) return;
            if (schedule.path().finalizes()) finalizeFeatures();
            else roll(schedule.path().to(), schedule.path().downgradeTo().orElseThrow());
            put(Upgrade.FEATURES_AFTER, schedule.path().finalizes() ? FeatureLevels.awaitFinalized(admin, finalizedLevels)
                    : FeatureLevels.finalized(admin));
            status = "done";
        } catch (UpgradeFailed | IllegalStateException e) {
            failure = e.getMessage();
            status = "failed";
        } finally {
            finished.countDown();
        }
    }

    private void roll(KafkaVersion from, KafkaVersion to) {
        ObjectNode v = NemesisRecorder.nodes(cluster.nodeIds());
        v.put("from", from.toString()).put("to", to.toString());
        recorder.record("rolling-upgrade", v, () -> {
            for (int node : cluster.nodeIds()) {
                if (Thread.currentThread().isInterrupted()) throw new UpgradeFailed("the run ended before node " + node + " was switched to " + to);
                upgradeNode(node, from, to);
            }
        });
    }

    private void upgradeNode(int node, KafkaVersion from, KafkaVersion to) {
        status = "waiting for faults to leave node " + node;
        if (!guard.hold(node, schedule.nodeTimeout())) {
            throw new UpgradeFailed("node " + node + " was still under a fault after " + boundSeconds() + " s; not switched to " + to);
        }
        try {
            status = "waiting for a full ISR and node " + node + " caught up before its restart";
            long held = System.currentTimeMillis();
            IsrMembership.awaitFull(admin, schedule.nodeTimeout());
            IsrMembership.awaitBack(admin, node, held, schedule.nodeTimeout());
            ObjectNode v = NemesisRecorder.nodes(java.util.List.of(node));
            v.put("from", from.toString()).put("to", to.toString());
            status = "node " + node + " " + from + " -> " + to;
            double stopped = seconds();
            double[] started = {Double.NaN};
            recorder.record("upgrade-node", v, () -> {
                boolean interrupted = Thread.interrupted();
                long startMillis;
                try {
                    cluster.stop(node);
                    versions.switchDistribution(node, schedule.distribution(to), schedule.settings(to));
                    startMillis = System.currentTimeMillis();
                    cluster.start(node);
                } finally {
                    if (interrupted) Thread.currentThread().interrupt();
                }
                started[0] = seconds();
                timeline.switched(node, to.toString(), started[0]);
                if (!IsrMembership.awaitBack(admin, node, startMillis, schedule.nodeTimeout())) {
                    throw new UpgradeFailed("node " + node + " did not come back in every ISR within " + boundSeconds()
                            + " s after its restart on Kafka " + to + "; see " + versions.logFile(node));
                }
            });
            synchronized (summary) {
                restarts.addObject().put(Upgrade.NODE, node).put(Upgrade.FROM, from.toString()).put(Upgrade.TO, to.toString())
                        .put(Upgrade.STOPPED_S, round(stopped)).put(Upgrade.STARTED_S, round(started[0]))
                        .put(Upgrade.IN_EVERY_ISR_S, round(seconds()));
            }
        } finally {
            guard.release(node);
        }
    }

    private void finalizeFeatures() {
        status = "finalizing feature levels of " + schedule.path().to();
        Map<String, Short> before = FeatureLevels.finalized(admin);
        ObjectNode v = Json.object();
        v.put("release", schedule.path().to().toString());
        v.set("from", Json.MAPPER.valueToTree(before));
        recorder.record("finalize-features", v, () -> {
            Map<String, Short> set = FeatureLevels.bump(admin, schedule.distribution(schedule.path().to()).profile().finalizedFeatures(), brokerSettings);
            v.set("to", Json.MAPPER.valueToTree(set));
            finalizedLevels = set;
            put(Upgrade.FEATURES_FINALIZED, set);
        });
    }

    private void put(String key, Map<String, Short> levels) {
        synchronized (summary) {
            summary.set(key, Json.MAPPER.valueToTree(levels));
        }
    }

    private double boundSeconds() {
        return schedule.nodeTimeout().toMillis() / 1000.0;
    }

    private double seconds() {
        return clock.now() / 1e9;
    }

    private static double round(double s) {
        return Math.round(s * 100) / 100.0;
    }

    private boolean sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
            return true;
        } catch (InterruptedException e) {
            failure = "the run ended before the rolling upgrade had finished";
            return false;
        }
    }

    /** A step that did not complete: the run cannot be judged as an upgrade. */
    static final class UpgradeFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UpgradeFailed(String message) {
            super(message);
        }
    }
}
