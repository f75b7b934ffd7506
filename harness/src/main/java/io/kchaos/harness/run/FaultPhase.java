package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.harness.upgrade.RollingUpgrade;
import io.kchaos.harness.upgrade.UpgradeSchedule;
import io.kchaos.harness.upgrade.UpgradeWait;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.AdminCoordinatorView;
import io.kchaos.nemesis.cluster.AdminOperationsView;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.WireNodeReturns;
import io.kchaos.nemesis.cluster.AdminTopicView;
import io.kchaos.nemesis.guard.GuardedCluster;
import io.kchaos.nemesis.guard.NodeGuard;
import io.kchaos.nemesis.replay.ReplaySchedule;
import io.kchaos.nemesis.schedule.FaultDriver;
import io.kchaos.nemesis.schedule.NemesisSchedule;
import io.kchaos.workload.Workload;
import org.apache.kafka.clients.admin.Admin;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The fault phase of a run: the plan's fault schedule (drawn from its nemeses, or a recorded one replayed) aimed at the
 * run's topic and the workload's coordinators, and the plan's rolling upgrade beside it (faults kept off the node it
 * holds); started with the workload, ended at the time limit or an early stop with every fault healed.
 */
final class FaultPhase {
    private final FaultDriver schedule;
    private final RollingUpgrade rolling; // null without an upgrade

    FaultPhase(RunConfig plan, List<Nemesis> nemeses, KafkaCluster cluster, Admin admin, QuorumView quorum, Workload workload,
            HistoryWriter history) {
        String topic = plan.cluster().topic();
        int partitions = plan.cluster().partitions();
        Map<String, String> login = cluster.clientSecurity(); // single brokers are asked logged in on a secured cluster
        AdminTopicView topicView = new AdminTopicView(admin, topic, partitions, login);
        AdminCoordinatorView coordinators = new AdminCoordinatorView(admin, workload::transactionalIds, workload::groupIds,
                workload::shareGroupIds, () -> sharePartitions(workload.shareGroupIds(), topic, partitions));
        NodeGuard guard = new NodeGuard();
        NemesisRecorder recorder = new NemesisRecorder(history);
        cluster.protocol().ifPresent(p -> p.onAction(a -> recorder.record(NemesisOps.PROXY_ACTION, a, () -> { })));
        UpgradeSchedule upgrade = plan.setup().upgrade().orElse(null);
        WireNodeReturns returns = new WireNodeReturns(cluster, cluster.nodeAddresses(), quorum,
                new KafkaBounds(cluster.brokerSettings()).restart(), login);
        NemesisContext context = new NemesisContext(upgrade == null ? cluster : new GuardedCluster(cluster, guard), topicView, recorder,
                new Random(plan.seed()), coordinators, quorum, new AdminOperationsView(admin, topic, login), returns);
        rolling = upgrade == null ? null : new RollingUpgrade(upgrade, cluster, guard, recorder, history, admin);
        NemesisOptions options = new NemesisOptions(plan.faults().options());
        schedule = plan.setup().replay().<FaultDriver>map(r -> new ReplaySchedule(r.schedule(), context))
                .orElseGet(() -> new NemesisSchedule(nemeses, context, seconds(plan.faults().intervalSeconds()),
                        seconds(plan.faults().durationSeconds()), options.nonNegative(NemesisSettings.FAULT_COUNT.key()),
                        options.nonNegative(NemesisSettings.COORDINATOR_EPOCH_AT.key())));
    }

    void start() {
        schedule.start();
        if (rolling != null) rolling.start();
    }

    /** The current fault, and the upgrade's step when there is one: the status line's tail. */
    String status() {
        return schedule.currentFault() + (rolling == null ? "" : " | upgrade: " + rolling.status());
    }

    /** Why the rolling upgrade failed (the run then ends), or null. */
    String upgradeFailure() {
        return rolling == null ? null : rolling.failure();
    }

    /** At the time limit: waits for the upgrade to finish (bounded). */
    void finishUpgrade(PrintStream out) throws InterruptedException {
        if (rolling != null) UpgradeWait.finish(rolling, out);
    }

    /** At an early stop: ends the upgrade now. */
    void abandonUpgrade() throws InterruptedException {
        if (rolling != null) UpgradeWait.abandon(rolling);
    }

    /** Stops the schedule and heals every fault; records the upgrade's summary in run.json. */
    void stopAndHeal(RunRecord record) throws InterruptedException {
        schedule.stopAndHeal();
        if (rolling != null) record.section(RunFields.UPGRADE, rolling.summary());
    }

    /** Whether the schedule did the faults the run asked for ({@code fault-count}), so the run may end before its time limit. */
    boolean done() {
        return schedule.done();
    }

    /** How many faults were injected. */
    int injected() {
        return schedule.injected();
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis((long) (s * 1000));
    }

    /** Each share group's share-partitions of the run's topic, as {@code group:topic:partition}. */
    private static List<String> sharePartitions(List<String> shareGroups, String topic, int partitions) {
        List<String> out = new ArrayList<>();
        for (String g : shareGroups) {
            for (int p = 0; p < partitions; p++) out.add(g + ":" + topic + ":" + p);
        }
        return out;
    }
}
