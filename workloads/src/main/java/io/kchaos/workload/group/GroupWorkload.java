package io.kchaos.workload.group;

import io.kchaos.workload.common.WorkloadBase;
import io.kchaos.workload.ClientFeature;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.Churner;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.Clients;
import io.kchaos.workload.common.ProducerFleet;
import io.kchaos.workload.common.TopicLayout;
import io.kchaos.workload.common.TopicSetup;
import io.kchaos.workload.common.WorkerThreads;
import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;
import io.kchaos.workload.queue.QueueWorkload;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The {@code group} workload: the queue workload's acks=all producers feed the topic while {@code --consumers}
 * members of one consumer group ({@value #GROUP}) subscribe to it, poll, and commit what they processed
 * ({@link CommitMode}); the workload itself makes the group rebalance by ending a random member every
 * {@code churn-seconds} (8 s by default, jittered) — closing it, or with {@code crash-rate} (0.5) crashing it — and
 * starting a new one; broker faults add theirs. After the run, with the producers stopped, the group consumes to the
 * end offsets ({@code catch-up}), the members close, and a drain outside the group reads every partition. Ops:
 * docs/history-txn-group.md. Options: {@code commit} = after | auto | ahead, {@code commit-epoch} = false | true, {@code churn-seconds}, {@code crash-rate},
 * {@code group-protocol} = consumer | classic ({@link GroupProtocol}: KIP-848's consumer protocol by default where the
 * cluster has {@code group.version} 1, i.e. Kafka 4.0 or later, and the client has it; classic elsewhere). The members
 * and producers are the run's client's ({@link ClientKind}); the admin client and the drain are built in.
 */
public final class GroupWorkload extends WorkloadBase {
    public static final String NAME = "group";
    public static final String GROUP = "kchaos-group";
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(60);
    private static final long MEMBER_STOP_MILLIS = 20_000;
    private static final long FEATURES_TIMEOUT_S = 30;
    static final long METADATA_MAX_AGE_MS = 2_000;
    static final WorkloadOption COMMIT = WorkloadOption.word("commit", Set.copyOf(CommitMode.wires()), CommitMode.AFTER.wire(),
            "after: commit each poll's processed positions; auto: Kafka's auto-commit; ahead (a negative control): past them");
    static final WorkloadOption COMMIT_EPOCH = WorkloadOption.word("commit-epoch", Set.of("true", "false"), "false",
            "true: commit each offset with the leader epoch of the last record processed (KIP-320; the consumer then validates "
                    + "it on resume and detects a truncated log); false: the offset alone, as a consumer that commits explicit offsets "
                    + "often does (KAFKA-19902)");
    static final WorkloadOption CHURN_SECONDS = Churner.CHURN_SECONDS.withDefault(8);
    /** The group workload's {@code --workload-option}s. */
    public static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(NAME, COMMIT, COMMIT_EPOCH, CHURN_SECONDS, Churner.CRASH_RATE, GroupProtocol.OPTION);

    private final List<GroupMember> members = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private List<TopicPartition> partitions;
    private ProducerFleet producers;
    private Churner churner;
    private GroupProtocol protocol;
    private boolean stopped;

    public GroupWorkload() {
        super(NAME);
    }

    @Override
    public synchronized void start(WorkloadContext ctx) throws Exception {
        requireNotStarted();
        WorkloadOptions options = OPTIONS.read(ctx.options());
        CommitMode mode = CommitMode.of(options.word(COMMIT).orElseThrow());
        boolean commitEpoch = Boolean.parseBoolean(options.word(COMMIT_EPOCH).orElseThrow());
        double churnSeconds = options.number(CHURN_SECONDS);
        String refused = refusedBy(ctx.client(), ctx.options(), ctx.consumerConfig());
        if (refused != null) throw new IllegalArgumentException(refused);
        double crashRate = crashRate(options, ctx.client());
        Optional<String> protocolOption = options.word(GroupProtocol.OPTION);
        protocol = GroupProtocol.choose(protocolOption, ctx.consumerConfig(), groupVersion(ctx), ctx.client());
        context = ctx;
        partitions = TopicSetup.ensure(ctx);
        Map<String, String> settings = settings(mode, protocol);
        for (int i = 0; i < Math.max(1, ctx.consumers()); i++) {
            String clientId = "kchaos-member-" + i; // members() rejects bad settings now, not in a thread
            GroupMember m = new GroupMember(ctx.client().members(ctx, clientId, settings), ctx.topic(), GROUP, mode, commitEpoch,
                    ctx.history(), stats, ids);
            members.add(m);
            threads.add(Clients.daemon(m, clientId));
        }
        producers = new ProducerFleet(ctx, TopicLayout.single(ctx.topic(), partitions.size()), ids, stats, QueueWorkload.DEFAULT_IN_FLIGHT);
        churner = new Churner(members.size(), (slot, crash) -> members.get(slot).retire(crash ? GroupMember.Exit.CRASH : GroupMember.Exit.CLOSE),
                (long) (churnSeconds * 1000), crashRate, ctx.seed() * 31 + 7, "group-churn");
        threads.forEach(Thread::start);
        producers.start();
        churner.start();
    }

    /**
     * Why the group workload cannot run these {@code options} and consumer settings on {@code client}, in one line, or
     * null: an explicit consumer protocol ({@link GroupProtocol#refusedBy}) or {@code crash-rate} above 0 that the client
     * lacks the feature for. Their defaults fall back instead (classic; no crashes).
     */
    public static String refusedBy(ClientKind client, Map<String, String> options, Map<String, String> userConsumer) {
        WorkloadOptions o = OPTIONS.read(options);
        String protocol = GroupProtocol.refusedBy(o.word(GroupProtocol.OPTION), userConsumer, client);
        if (protocol != null) return protocol;
        String crash = options.get(Churner.CRASH_RATE.key());
        if (crash == null || o.number(Churner.CRASH_RATE) == 0 || client.supports(ClientFeature.CRASH_MEMBER)) return null;
        return ClientFeature.CRASH_MEMBER.refusal(Churner.CRASH_RATE.key() + "=" + crash.strip(), client) + "; use "
                + Churner.CRASH_RATE.key() + "=0";
    }

    /** The {@code crash-rate} to run: 0 where the client cannot crash a member (said on the console), else the option's. */
    private static double crashRate(WorkloadOptions options, ClientKind client) {
        double rate = options.number(Churner.CRASH_RATE);
        if (rate == 0 || client.supports(ClientFeature.CRASH_MEMBER)) return rate;
        System.out.println("group: the client cannot close a member without leaving the group (kafka-clients "
                + ClientFeature.CRASH_MEMBER.since() + "+): the churn closes members, crash-rate 0");
        return 0;
    }

    /**
     * The members' consumer settings under the user's: the group, earliest reset, the protocol with its session
     * settings ({@link GroupProtocol#memberSettings}), a short poll timeout, and metadata refreshed every
     * {@value #METADATA_MAX_AGE_MS} ms so partitions the topic gains mid-run are assigned within seconds.
     */
    private static Map<String, String> settings(CommitMode mode, GroupProtocol protocol) {
        Map<String, String> s = new HashMap<>(protocol.memberSettings());
        s.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
        s.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        s.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, String.valueOf(mode == CommitMode.AUTO));
        s.put(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000");
        s.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, "20000");
        s.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, String.valueOf(METADATA_MAX_AGE_MS));
        return s;
    }

    /** The cluster's finalized {@code group.version} (0 when not finalized, as on Kafka 3.x). */
    private static int groupVersion(WorkloadContext ctx) throws Exception {
        try (Admin admin = Admin.create(ClientConfigs.admin(ctx))) {
            var level = admin.describeFeatures().featureMetadata().get(FEATURES_TIMEOUT_S, TimeUnit.SECONDS)
                    .finalizedFeatures().get(GroupProtocol.FEATURE);
            return level == null ? 0 : level.maxVersionLevel();
        }
    }

    /** {@code group-protocol}: the rebalance protocol the members ran (chosen at start). */
    @Override
    public Map<String, String> choices() {
        return protocol == null ? Map.of() : Map.of(GroupProtocol.KEY, protocol.wire());
    }

    /**
     * Stops the churn and the producers (every send completes), lets the group consume to the end offsets and records
     * the {@code catch-up}, then closes the members.
     */
    @Override
    public synchronized void stop() throws InterruptedException {
        if (context == null || stopped) return;
        stopped = true;
        churner.stop();
        producers.stop();
        try (Admin admin = Admin.create(ClientConfigs.admin(context))) {
            partitions = TopicSetup.grown(admin, context.topic(), partitions);
            if (!CatchUp.run(admin, GROUP, partitions, context.history(), ids.next(), CATCH_UP_TIMEOUT)) {
                System.err.println("warning: group: the group did not consume to the end offsets within "
                        + CATCH_UP_TIMEOUT.toSeconds() + " s; lost-by-group is judged only where it did");
            }
        }
        members.forEach(GroupMember::stopRunning);
        WorkerThreads.joinAll(threads, MEMBER_STOP_MILLIS);
    }

    /** Reads every partition completely with a fresh consumer outside the group, as drain ops. */
    @Override
    public void drain() {
        started();
        QueueWorkload.finalDrain(context, TopicLayout.single(context.topic(), partitions.size()), stats, ids.next());
    }

    @Override
    public List<String> groupIds() {
        return List.of(GROUP);
    }
}
