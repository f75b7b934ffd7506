package io.kchaos.workload.acl;

import io.kchaos.wire.AuthenticatedNodeClient;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.Clients;
import io.kchaos.workload.common.ListedBrokers;
import io.kchaos.workload.common.TopicSetup;
import io.kchaos.workload.common.WorkerThreads;
import io.kchaos.workload.common.WorkloadBase;
import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code acl} workload (a SASL/SCRAM cluster whose nodes run StandardAuthorizer): a probe user of its own
 * ({@link ProbeUser}) is granted and revoked WRITE and READ on the run's topic by one changer ({@link AclChanger}),
 * while every broker is probed for each right, as that user, on a connection of its own ({@link ProbeLoop}). At the
 * drain each broker is probed until it has published the last change and a while more, so its final state is seen.
 * Options: {@code change-pause-ms} and {@code probe-interval-ms}.
 */
public final class AclWorkload extends WorkloadBase {
    public static final String NAME = "acl";
    static final WorkloadOption CHANGE_PAUSE_MS = WorkloadOption.whole("change-pause-ms", 1500, 0, 600_000, "milliseconds the changer "
            + "waits after each grant or revoke, so that the probes see each state");
    static final WorkloadOption PROBE_INTERVAL_MS = WorkloadOption.whole("probe-interval-ms", 200, 10, 60_000, "milliseconds between two "
            + "probes of one right on one broker");
    /** The acl workload's {@code --workload-option}s. */
    public static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(NAME, CHANGE_PAUSE_MS, PROBE_INTERVAL_MS);
    static final Duration ROSTER_WAIT = Duration.ofSeconds(30);
    static final Duration PUBLISH_WAIT = Duration.ofSeconds(60);
    static final Duration FINAL_TIMEOUT = Duration.ofSeconds(60);
    static final Duration FINAL_SETTLE = Duration.ofMillis(1500);

    private final AclStats aclStats = new AclStats();
    private final List<ProbeLoop> loops = new ArrayList<>();
    private final List<BrokerConnection> connections = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private Admin admin;
    private AclChanger changer;
    private boolean stopped;

    public AclWorkload() {
        super(NAME);
        stats.detail(aclStats);
    }

    /**
     * The brokers to probe: those {@code describeCluster} lists at the start ({@link ListedBrokers}), each probed at the
     * address listed then for the whole run; an IllegalStateException when none was listed.
     */
    private static Map<Integer, Node> brokersToProbe(Admin admin, int expected) throws InterruptedException {
        ListedBrokers.Listing listing = ListedBrokers.await(admin, expected, ROSTER_WAIT);
        if (listing.brokers() == null || listing.brokers().isEmpty()) {
            throw new IllegalStateException("acl workload: no broker to probe within " + ROSTER_WAIT.toSeconds() + " s: "
                    + (listing.error() == null ? "describeCluster listed none" : listing.error()));
        }
        return listing.brokers();
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        WorkloadOptions options = OPTIONS.read(ctx.options());
        ProbeUser user = ProbeUser.forRun(ctx.security());
        context = ctx;
        TopicSetup.ensure(ctx, List.of(ctx.topic()));
        Map<String, Object> c = ClientConfigs.admin(ctx);
        c.put("client.id", "kchaos-acl-changer");
        admin = Clients.construct("admin", () -> Admin.create(c));
        KafkaAclAdmin aclAdmin = new KafkaAclAdmin(admin);
        Map<Integer, Node> brokers = brokersToProbe(admin, ctx.brokers());
        user.create(admin);
        awaitCredential(brokers, ctx.security(), aclAdmin.highWatermark());
        List<ProbedRight> rights = List.of(ProbedRight.values());
        for (Node b : brokers.values()) {
            for (ProbedRight right : rights) {
                BrokerConnection conn = connection(b, user.clientSettings(ctx.security()), "kchaos-acl-probe-" + b.id() + "-" + right.operationName());
                ProbeLoop loop = new ProbeLoop(conn, b.id(), right, ctx.topic(), ctx.history(), ids, stats, aclStats, options.whole(PROBE_INTERVAL_MS));
                loops.add(loop);
                threads.add(Clients.daemon(loop, "acl-probe-" + b.id() + "-" + right.operationName()));
            }
        }
        changer = new AclChanger(aclAdmin, ProbeUser.PRINCIPAL, ctx.topic(), rights, ctx.history(), ids, stats, aclStats,
                options.whole(CHANGE_PAUSE_MS));
        threads.add(Clients.daemon(changer, "acl-changer"));
        threads.forEach(Thread::start);
    }

    private BrokerConnection connection(Node b, Map<String, String> security, String clientId) {
        BrokerConnection conn = new NodeConnection(new AuthenticatedNodeClient(b.id(), b.host(), b.port(), security, clientId));
        connections.add(conn);
        return conn;
    }

    /** Waits for every broker to publish the probe user's credential ({@link CredentialPublication}), on the run's own login. */
    private void awaitCredential(Map<Integer, Node> brokers, Map<String, String> runSecurity, long highWatermark) throws InterruptedException {
        Map<Integer, BrokerConnection> runLogin = new TreeMap<>();
        brokers.forEach((id, n) -> runLogin.put(id, new NodeConnection(new AuthenticatedNodeClient(id, n.host(), n.port(), runSecurity,
                "kchaos-acl-credential"))));
        try {
            CredentialPublication.await(runLogin, highWatermark, PUBLISH_WAIT).forEach((id, why) ->
                    System.err.println("warning: acl workload: broker " + id + " has not published the probe user within "
                            + PUBLISH_WAIT.toSeconds() + " s (" + why + "); its probes may fail to log in"));
        } finally {
            runLogin.values().forEach(BrokerConnection::close);
        }
    }

    /** Stops the changer after its current change and the probes after their current probe. */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        if (changer != null) changer.stop();
        loops.forEach(ProbeLoop::stop);
        WorkerThreads.joinAll(threads, 30_000);
    }

    /**
     * The final phase: the target is the quorum's high watermark now, or the last change's {@code hw-after} if higher;
     * each probe loop probes its broker until that broker has published it and 1.5 s more
     * ({@link ProbeLoop#finish}); then the connections and the admin client close.
     */
    @Override
    public void drain() throws Exception {
        started();
        try {
            if (changer == null) return; // start failed before the probes were made
            long target = Math.max(changer.lastHwAfter(), new KafkaAclAdmin(admin).highWatermark());
            List<Thread> finals = new ArrayList<>();
            for (ProbeLoop loop : loops) {
                finals.add(Clients.daemon(() -> {
                    try {
                        loop.finish(target, FINAL_TIMEOUT, FINAL_SETTLE);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "acl-final-probe"));
            }
            finals.forEach(Thread::start);
            WorkerThreads.joinAll(finals, FINAL_TIMEOUT.plus(FINAL_SETTLE).toMillis() + 30_000);
        } finally {
            closeClients();
        }
    }

    /** Stops the workload if it still runs and closes its clients. */
    @Override
    public void close() {
        super.close();
        closeClients();
    }

    private synchronized void closeClients() {
        connections.forEach(BrokerConnection::close);
        connections.clear();
        if (admin != null) {
            try {
                admin.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                System.err.println("warning: closing an admin client: " + e.getMessage());
            }
            admin = null;
        }
    }
}
