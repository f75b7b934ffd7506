package io.kchaos.workload.metadata;

import io.kchaos.wire.NodeDialer;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.Clients;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code metadata} workload: the brokers the run started with are recorded ({@link BrokerRoster}), admin clients
 * create topics, add partitions, change a topic config and delete topics ({@link AdminWorker}), and the final phase
 * reads every broker the run started with once it has caught up ({@link FinalRead}); all recorded as ops. The quorum's
 * offsets over the run are the run's own quorum polls ({@code quorum.jsonl}), which every workload gets

 * (docs/format.md, metadata ops). The run's topic is created as usual (empty), so that faults aimed at a partition
 * leader have one. Options: {@code clients} (admin clients, 2), {@code pause-ms} (each client's pause between its
 * ops, 100) and {@code final-read-seconds} (the final read's bound, 60).
 */
public final class MetadataWorkload extends WorkloadBase {
    public static final String NAME = "metadata";
    static final WorkloadOption CLIENTS = WorkloadOption.whole("clients", 2, 1, 16, "admin clients, each creating, growing, "
            + "configuring and deleting topics of its own");
    static final WorkloadOption PAUSE_MS = WorkloadOption.whole("pause-ms", 100, 0, 60_000, "milliseconds each admin client waits "
            + "between two operations");
    static final WorkloadOption FINAL_READ_SECONDS = WorkloadOption.whole("final-read-seconds", 60, 1, 3600, "seconds the "
            + "final read waits for every broker to catch up with the quorum and answer; a broker not read by then is named "
            + "and makes the verdict unknown");
    /** The metadata workload's {@code --workload-option}s (beside a data workload: {@code metadata.KEY}). */
    public static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(NAME, CLIENTS, PAUSE_MS, FINAL_READ_SECONDS);
    static final Duration ROSTER_WAIT = Duration.ofSeconds(30);

    private final List<Admin> admins = new ArrayList<>();
    private final List<AdminWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private Map<Integer, Node> started = Map.of();
    private Duration finalReadTimeout;
    private boolean stopped;

    public MetadataWorkload() {
        super(NAME);
    }

    /** A metadata workload whose history processes start at {@code firstProcess}, to run beside another workload. */
    public MetadataWorkload(int firstProcess) {
        super(NAME, new ProcessIds(firstProcess));
    }

    /** The prefix of every topic the workload's admin clients make: {@code <topic>-md}. */
    public static String topicPrefix(String runTopic) {
        return runTopic + "-md";
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        WorkloadOptions options = OPTIONS.read(ctx.options());
        int clients = options.whole(CLIENTS);
        int pause = options.whole(PAUSE_MS);
        finalReadTimeout = Duration.ofSeconds(options.whole(FINAL_READ_SECONDS));
        context = ctx;
        TopicSetup.ensure(ctx, List.of(ctx.topic()));
        AtomicLong configValues = new AtomicLong();
        for (int i = 0; i < clients; i++) {
            Admin admin = admin(ctx, "kchaos-metadata-" + i);
            AdminWorker w = new AdminWorker(admin, ctx.history(), ids, stats, topicPrefix(ctx.topic()) + "-" + i,
                    ctx.replicationFactor(), pause, ctx.seed() * 31 + i, configValues);
            workers.add(w);
            threads.add(Clients.daemon(w, "metadata-admin-" + i));
        }
        Admin quorumAdmin = admin(ctx, "kchaos-metadata-quorum");
        started = BrokerRoster.record(quorumAdmin, ctx.history(), ids.next(), ctx.brokers(), ROSTER_WAIT);
        threads.forEach(Thread::start);
    }

    private Admin admin(WorkloadContext ctx, String clientId) {
        Map<String, Object> c = ClientConfigs.admin(ctx);
        c.put("client.id", clientId);
        Admin a = Clients.construct("admin", () -> Admin.create(c));
        admins.add(a);
        return a;
    }

    /** Stops the clients after their current op (each op has a 15 s bound). */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        workers.forEach(AdminWorker::stop);
        WorkerThreads.joinAll(threads, 30_000);
    }

    /**
     * Reads every broker's metadata once it has caught up with the quorum ({@link FinalRead}), logged in with the run's
     * client settings on a secured cluster, then closes the clients.
     */
    @Override
    public void drain() throws Exception {
        started();
        try {
            int read = new FinalRead(admins.get(admins.size() - 1), context.history(), ids, topicPrefix(context.topic()),
                    finalReadTimeout, started, NodeDialer.of(context.security())).run();
            stats.drained.add(read);
        } finally {
            closeAdmins();
        }
    }

    /** Stops the workload if it still runs and closes its admin clients. */
    @Override
    public void close() {
        super.close();
        closeAdmins();
    }

    private synchronized void closeAdmins() {
        for (Admin a : admins) {
            try {
                a.close(Duration.ofSeconds(5));
            } catch (RuntimeException e) {
                System.err.println("warning: closing an admin client: " + e.getMessage());
            }
        }
        admins.clear();
    }
}
