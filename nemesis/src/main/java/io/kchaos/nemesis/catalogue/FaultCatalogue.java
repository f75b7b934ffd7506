package io.kchaos.nemesis.catalogue;

import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisSetting;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.controller.KillControllerNemesis;
import io.kchaos.nemesis.controller.LyingDiskNemesis;
import io.kchaos.nemesis.controller.VoterChurnNemesis;
import io.kchaos.nemesis.controller.VoterGrowNemesis;
import io.kchaos.nemesis.controller.VoterReplaceNemesis;
import io.kchaos.nemesis.controller.VoterMoves;
import io.kchaos.nemesis.controller.VoterTarget;
import io.kchaos.nemesis.controller.PartitionControllerNemesis;
import io.kchaos.nemesis.controller.PauseControllerNemesis;
import io.kchaos.nemesis.controller.PowerLossVotersNemesis;
import io.kchaos.nemesis.coordinator.KillCoordinatorNemesis;
import io.kchaos.nemesis.coordinator.PartitionCoordinatorNemesis;
import io.kchaos.nemesis.coordinator.PowerLossCoordinatorNemesis;
import io.kchaos.nemesis.network.ClientPartitionNemesis;
import io.kchaos.nemesis.network.FlakyNemesis;
import io.kchaos.nemesis.network.PartitionNemesis;
import io.kchaos.nemesis.network.SlowNemesis;
import io.kchaos.nemesis.operation.AddPartitionsNemesis;
import io.kchaos.nemesis.operation.AlterConfigNemesis;
import io.kchaos.nemesis.operation.DrainBrokerNemesis;
import io.kchaos.nemesis.operation.ElectLeadersNemesis;
import io.kchaos.nemesis.operation.MoveLogDirNemesis;
import io.kchaos.nemesis.operation.ReassignCancelNemesis;
import io.kchaos.nemesis.operation.ReassignNemesis;
import io.kchaos.nemesis.operation.ReassignPastDownNemesis;
import io.kchaos.nemesis.process.IsrShrinkNemesis;
import io.kchaos.nemesis.process.IsrShrinkNemesis.Holds;
import io.kchaos.nemesis.process.KillNemesis;
import io.kchaos.nemesis.process.LeaderCrash;
import io.kchaos.nemesis.process.NoNemesis;
import io.kchaos.nemesis.process.NodeTarget;
import io.kchaos.nemesis.process.PauseFollowersKillLeader;
import io.kchaos.nemesis.process.PauseNemesis;
import io.kchaos.nemesis.process.RollingRestartNemesis;
import io.kchaos.nemesis.protocol.LinkFaults;
import io.kchaos.nemesis.remote.LoseObjectNemesis;
import io.kchaos.nemesis.remote.RemoteTierNemesis;
import io.kchaos.nemesis.protocol.ProtocolFaults;
import io.kchaos.nemesis.storage.CorruptSegmentNemesis;
import io.kchaos.nemesis.storage.DiskFullNemesis;
import io.kchaos.nemesis.storage.PowerLossCrash;
import io.kchaos.nemesis.storage.PowerLossNemesis;
import io.kchaos.nemesis.storage.PowerLossPairNemesis;
import io.kchaos.nemesis.storage.WipeNemesis;
import io.kchaos.nemesis.toxic.IsolateNemesis;
import io.kchaos.nemesis.toxic.ToxicNemesis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static io.kchaos.history.NemesisOps.CORRUPT_SEGMENT;
import static io.kchaos.history.NemesisOps.DISK_FULL;
import static io.kchaos.history.NemesisOps.FLAKY;
import static io.kchaos.history.NemesisOps.ISOLATE;
import static io.kchaos.history.NemesisOps.KILL;
import static io.kchaos.history.NemesisOps.LYING_DISK;
import static io.kchaos.history.NemesisOps.PARTITION;
import static io.kchaos.history.NemesisOps.PARTITION_CLIENTS;
import static io.kchaos.history.NemesisOps.PAUSE;
import static io.kchaos.history.NemesisOps.POWER_LOSS;
import static io.kchaos.history.NemesisOps.SLOW;
import static io.kchaos.history.NemesisOps.STOP;
import static io.kchaos.history.NemesisOps.WIPE;
import static io.kchaos.nemesis.NemesisSettings.PROXY_API;
import static io.kchaos.nemesis.NemesisSettings.PROXY_SHARE;
import static io.kchaos.nemesis.NemesisSettings.PROXY_TARGET;
import static io.kchaos.nemesis.NemesisSettings.TORN_WRITES;
import static io.kchaos.nemesis.catalogue.FaultSpec.of;

/**
 * The fault catalogue: every fault of {@code --nemesis} ({@link FaultSpec}: name, description, ops, settings, needs,
 * former names, and the factory of its worker), in the order the docs list them, and the names retired because they
 * meant two things. A new fault is one entry here (with its op in {@link NemesisOps} when it records a new one, its
 * settings in {@link NemesisSettings}) plus its worker class.
 */
public final class FaultCatalogue {
    private static final String PROXY = "kchaos proxy: ";
    private static final String TOXIPROXY = "Toxiproxy: ";
    private static final String REMOTE = "remote tier, by the bucket's control file (ok once written; it takes effect at each "
            + "broker's next remote call, heal-remote removes it): ";

    private static final List<FaultSpec> SPECS = List.of(
            of("none", "no faults", b -> new NoNemesis()),
            of("kill-leader", "SIGKILL the leader of a random partition, restart it a few seconds later",
                    b -> new KillNemesis(NodeTarget.LEADER), KILL),
            of("kill-random", "SIGKILL a random node, restart it later", b -> new KillNemesis(NodeTarget.RANDOM), KILL).formerly("kill"),
            of("pause", "SIGSTOP a random node, SIGCONT later (a GC-like pause)", b -> new PauseNemesis(NodeTarget.RANDOM), PAUSE),
            of("pause-leader", "SIGSTOP a random partition's leader, SIGCONT later", b -> new PauseNemesis(NodeTarget.LEADER), PAUSE),
            of("pause-followers-kill-leader", "SIGSTOP a leader's followers for 2 s, SIGKILL the leader, SIGCONT them, restart "
                    + "the leader later: the schedule under which acks=1 loses acknowledged writes",
                    b -> new PauseFollowersKillLeader(Duration.ofSeconds(2)), PAUSE, KILL),
            of("isr-shrink", "SIGSTOP a partition's followers until the ISR is the leader alone, let it acknowledge alone 3 s, "
                    + "SIGKILL it, SIGCONT them, wait for a new leader; restart it later (needs RF 2 on 3 nodes, low "
                    + "replica.lag.time.max.ms)", b -> new IsrShrinkNemesis(b.name(), Holds.ONCE_A_FOLLOWER_LEADS, LeaderCrash.KILL, Duration.ofSeconds(30),
                    Duration.ofSeconds(3), Duration.ofSeconds(30)), PAUSE, KILL),
            of("rolling-restart", "restart every node in turn (clean stop, start), waiting for a full ISR before each",
                    b -> new RollingRestartNemesis(Duration.ofSeconds(90)), STOP),
            of("kill-coordinator", "SIGKILL the transaction or group coordinator of the workload (txn, group), restart it later",
                    b -> new KillCoordinatorNemesis(), KILL),
            of("kill-controller", "SIGKILL the active controller (the KRaft quorum's leader, from describeMetadataQuorum), restart it "
                    + "later; in combined mode it is a broker too", b -> new KillControllerNemesis(), KILL),
            of("stop-controller", "stop the active controller cleanly (SIGTERM: it resigns and the voters elect another), restart "
                    + "it later", b -> new KillControllerNemesis(KillControllerNemesis.Way.STOP), STOP),
            of("pause-controller", "SIGSTOP the active controller, SIGCONT later", b -> new PauseControllerNemesis(), PAUSE),
            of("partition", "cut links between nodes (iptables DROP, both directions); topology from --partition-targets: "
                    + "one, leader, halves, majority-ring, bridge", b -> new PartitionNemesis(b.network().partitionTargets()), PARTITION)
                    .needs(Capability.NETWORK),
            of("partition-coordinator", "cut the workload's transaction or group coordinator from the other nodes (iptables)",
                    b -> new PartitionCoordinatorNemesis(), PARTITION).needs(Capability.NETWORK),
            of("partition-controller", "cut the active controller from the other voters (iptables) while every broker still reaches "
                    + "all of them; the heal is ok once the old leader caught up; needs --controllers",
                    b -> new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTERS), PARTITION)
                    .needs(Capability.NETWORK, Capability.DEDICATED_CONTROLLERS),
            of("partition-controller-brokers", "cut every broker from the active controller (iptables) while the voters still reach "
                    + "each other and the brokers the other voters: the brokers miss their heartbeats and are fenced while the quorum "
                    + "stays whole; the heal is ok once each broker caught up and lists itself live again; needs --controllers",
                    b -> new PartitionControllerNemesis(PartitionControllerNemesis.Cut.BROKERS), PARTITION)
                    .needs(Capability.NETWORK, Capability.DEDICATED_CONTROLLERS),
            of("partition-controller-voter", "cut one following voter from the active controller (iptables) while both still reach "
                    + "the brokers and the other voters; the heal is ok once that voter caught up; needs --controllers (2 or more)",
                    b -> new PartitionControllerNemesis(PartitionControllerNemesis.Cut.VOTER), PARTITION)
                    .needs(Capability.NETWORK, Capability.DEDICATED_CONTROLLERS),
            of("partition-clients", "cut the harness's clients from some nodes while the nodes still see each other",
                    b -> new ClientPartitionNemesis(), PARTITION_CLIENTS).needs(Capability.NETWORK),
            of("slow", "delay the packets of one node or all (200 ± 50 ms): tc netem, or on kernels without netem an NFQUEUE "
                    + "delay queue (python3)", b -> new SlowNemesis(b.network().latencyMs(), b.network().jitterMs()), SLOW)
                    .needs(Capability.NETWORK, Capability.LINK_DELAY),
            of("flaky", "drop 20 % of the packets of one node or all (iptables random drop)", b -> new FlakyNemesis(b.network().lossPercent()),
                    FLAKY).needs(Capability.NETWORK),
            toxic("toxic-latency", "500 ± 100 ms latency on a node's client or replication traffic", new Toxic.Latency(500, 100)),
            toxic("toxic-bandwidth", "limit a node's client or replication traffic to 32 KB/s", new Toxic.Bandwidth(32)),
            toxic("toxic-timeout", "a node's connections pass no data and close after 2 s", new Toxic.Timeout(2000)),
            toxic("toxic-reset", "reset (TCP RST) a node's client or replication connections", new Toxic.ResetPeer(0)),
            of("isolate", TOXIPROXY + "disable a node's proxies, so no client or follower reaches it", b -> new IsolateNemesis(), ISOLATE)
                    .needs(Capability.TOXIPROXY),
            of("wipe", "a replaced data disk: SIGKILL a random node, wait until the controller fenced it, replace its data "
                    + "directory with a freshly formatted empty one (same node and cluster id, new directory id), restart it later; "
                    + "it re-replicates everything", b -> new WipeNemesis(NodeTarget.RANDOM, !b.options().flag("wipe-before-fencing")),
                    KILL, WIPE).needs(Capability.STORAGE).reads(NemesisSettings.WIPE_BEFORE_FENCING),
            of("disk-full", "fill a random node's size-limited data file system (tmpfs) until writes fail (ENOSPC); heal frees it "
                    + "(free-disk) and restarts the node (stop if it still runs: a broker whose log directory failed halts, "
                    + "in its own time)", b -> new DiskFullNemesis(), DISK_FULL, STOP).needs(Capability.STORAGE, Capability.DISK_LIMIT),
            of("corrupt-segment", "bit rot: stop a random in-sync node, flip 4 bytes inside one record batch below its recovery "
                    + "point (a closed segment where one exists), start it", b -> new CorruptSegmentNemesis(), STOP, CORRUPT_SEGMENT)
                    .needs(Capability.STORAGE),
            of("power-loss", "SIGKILL power-loss-nodes random nodes and drop every byte their brokers never fsynced; restart "
                    + "later", b -> PowerLossNemesis.someNodes(b.options()), POWER_LOSS).needs(Capability.POWER_LOSS)
                    .reads(NemesisSettings.POWER_LOSS_NODES, TORN_WRITES),
            of("power-loss-all", "every node loses power at the same moment (a rack or region power event), all restart later",
                    b -> PowerLossNemesis.allNodes(b.options()), POWER_LOSS).needs(Capability.POWER_LOSS).reads(TORN_WRITES),
            of("isr-shrink-power-loss", "isr-shrink whose lone leader loses power instead of a SIGKILL: KIP-966's last replica "
                    + "standing (RF 2 on 3 nodes, low replica.lag.time.max.ms)", b -> new IsrShrinkNemesis(b.name(),
                    Holds.ONCE_THE_LEADER_IS_DOWN, new PowerLossCrash(b.options().flag("torn-writes")), Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(15)),
                    PAUSE, POWER_LOSS).needs(Capability.POWER_LOSS).reads(TORN_WRITES),
            of("power-loss-leader-follower", "a partition's leader and one follower lose power together and restart "
                    + "restart-gap-seconds apart in restart-order: KIP-101's double failure", b -> new PowerLossPairNemesis(b.options()),
                    POWER_LOSS).needs(Capability.POWER_LOSS)
                    .reads(NemesisSettings.RESTART_GAP_SECONDS, NemesisSettings.RESTART_ORDER, TORN_WRITES),
            of("power-loss-coordinator", "the node coordinating the workload's share-partitions (share: the "
                    + "__share_group_state leader), else its transaction or group coordinator, loses power (unsynced bytes "
                    + "dropped); restart later", b -> new PowerLossCoordinatorNemesis(b.options().flag("torn-writes")), POWER_LOSS)
                    .needs(Capability.POWER_LOSS).reads(TORN_WRITES),
            of("power-loss-controller", "the active controller loses power (SIGKILL, unsynced bytes dropped); restart later",
                    b -> PowerLossVotersNemesis.activeController(b.options().flag("torn-writes")), POWER_LOSS)
                    .needs(Capability.POWER_LOSS).reads(TORN_WRITES),
            of("power-loss-voters", "a random majority of the metadata quorum's voters (the controllers; in combined mode, nodes) "
                    + "lose power at the same moment; all restart later", b -> PowerLossVotersNemesis.majority(b.options()),
                    POWER_LOSS).needs(Capability.POWER_LOSS).reads(TORN_WRITES, NemesisSettings.SPARED_VOTERS),
            of("lying-disk", "the disks of lying-disk-nodes (every voter) ignore fsync on lying-disk-scope (the metadata "
                    + "log): Kafka's syncs succeed but are not kept; the heal is their power loss (only what was synced before the lie "
                    + "survives), then restart: the negative control of power-loss-voters", b -> new LyingDiskNemesis(b.options()),
                    LYING_DISK, POWER_LOSS).needs(Capability.POWER_LOSS)
                    .reads(NemesisSettings.LYING_DISK_NODES, NemesisSettings.LYING_DISK_SCOPE, NemesisSettings.SPARED_VOTERS, TORN_WRITES),
            of("voter-churn", "in turn, remove a random voter of the metadata quorum that does not lead it, or the leader itself "
                    + "(Admin.removeRaftVoter, KIP-853), held once the voters read back lack it, the heal adding it back with the same "
                    + "directory id and endpoints; and replace a following voter's metadata disk as voter-replace does",
                    b -> new VoterChurnNemesis(VoterTarget.of(b.options()), VoterMoves.of(b.options())), NemesisOps.REMOVE_VOTER, NemesisOps.STOP,
                    NemesisOps.WIPE)
                    .needs(Capability.DYNAMIC_QUORUM).reads(NemesisSettings.VOTER_CHURN_TARGET, NemesisSettings.VOTER_CHURN_MOVES),
            of("voter-replace", "a controller's failed metadata disk replaced, as an operator does it (KIP-853): a random voter "
                    + "that does not lead is removed (Admin.removeRaftVoter), stopped, and its metadata directory replaced by an empty "
                    + "one formatted with --no-initial-controllers (a new directory id); the heal starts it, held once it caught up "
                    + "as an observer, and adds it with the new directory id (Admin.addRaftVoter), held once the voters read back "
                    + "include it with that id", b -> new VoterReplaceNemesis(), NemesisOps.REMOVE_VOTER, NemesisOps.STOP, NemesisOps.WIPE)
                    .needs(Capability.DYNAMIC_QUORUM, Capability.STORAGE),
            of("voter-grow", "grow the metadata quorum (KIP-853): every running controller it started without (--initial-voters) "
                    + "is added as a voter with the directory id it fetches with and its controller endpoint (Admin.addRaftVoter), each "
                    + "held once the voters read back include it; the heal removes the voters it added (Admin.removeRaftVoter), each "
                    + "held once the voters read back lack it, so the quorum shrinks back to its start", b -> new VoterGrowNemesis(),
                    NemesisOps.GROW_VOTER).needs(Capability.DYNAMIC_QUORUM, Capability.OBSERVING_CONTROLLERS),
            of("reassign", "move a random partition's replicas to another set (Admin.alterPartitionReassignments: replace a replica, "
                    + "swap the leader, shrink or grow the replication factor), optionally throttled; one op until the new set is in "
                    + "place", b -> new ReassignNemesis(b.options()), NemesisOps.REASSIGN)
                    .reads(NemesisSettings.REASSIGN_SHAPE, NemesisSettings.REASSIGN_THROTTLE, NemesisSettings.REASSIGN_TIMEOUT_SECONDS),
            of("reassign-cancel", "start a reassignment throttled so it stays in progress; the heal cancels it (the old replicas "
                    + "come back)", b -> new ReassignCancelNemesis(b.options()), NemesisOps.THROTTLED_REASSIGN)
                    .reads(NemesisSettings.REASSIGN_CANCEL_THROTTLE, NemesisSettings.REASSIGN_TIMEOUT_SECONDS),
            of("reassign-past-down", "KAFKA-19975's move: a follower's broker SIGKILLed (held once the partition's ISR lacks it), "
                    + "then another replica replaced by a broker outside the set while the down replica stays in both sets; one op "
                    + "until the new set is in place; the heal restarts the broker (needs more brokers than the replication factor)",
                    b -> new ReassignPastDownNemesis(b.options()), NemesisOps.KILL, NemesisOps.REASSIGN)
                    .reads(NemesisSettings.REASSIGN_TIMEOUT_SECONDS),
            of("elect-leaders", "a preferred (or, with election=unclean, an unclean) leader election of every partition of the "
                    + "topic (Admin.electLeaders)", b -> new ElectLeadersNemesis(b.options()), NemesisOps.ELECT_LEADERS)
                    .reads(NemesisSettings.ELECTION),
            of("add-partitions", "grow the topic by add-partitions-count partitions mid-run (Admin.createPartitions), up to "
                    + "add-partitions-max", b -> new AddPartitionsNemesis(b.options()), NemesisOps.ADD_PARTITIONS)
                    .reads(NemesisSettings.ADD_PARTITIONS_COUNT, NemesisSettings.ADD_PARTITIONS_MAX),
            of("alter-config", "a live change of a topic config (alter-config=KEY=VALUE, min.insync.replicas=3 by default); "
                    + "the heal restores it", b -> new AlterConfigNemesis(b.options()), NemesisOps.ALTER_CONFIG)
                    .reads(NemesisSettings.ALTER_CONFIG),
            of("drain-broker", "the operator's decommission: move every replica of every topic (internal ones too) off a random "
                    + "broker, read back that it hosts none, stop it; the heal starts it and moves them back (needs more brokers than "
                    + "each partition's replication factor)", b -> new DrainBrokerNemesis(b.options()),
                    NemesisOps.DRAIN_BROKER, STOP, NemesisOps.REASSIGN)
                    .reads(NemesisSettings.REASSIGN_THROTTLE, NemesisSettings.REASSIGN_TIMEOUT_SECONDS),
            of("move-log-dir", "the operator's fix for a full disk on a JBOD broker: move a random replica to another of its "
                    + "broker's log dirs (Admin.alterReplicaLogDirs), held once describeReplicaLogDirs reads it there with no future "
                    + "replica; the heal moves it back", b -> new MoveLogDirNemesis(b.options()), NemesisOps.MOVE_LOG_DIR)
                    .needs(Capability.JBOD).reads(NemesisSettings.REASSIGN_TIMEOUT_SECONDS, NemesisSettings.MOVE_LOG_DIR_TARGET),
            remote(of("remote-slow", REMOTE + "every call of the brokers' storage manager waits remote-delay-ms first",
                    b -> RemoteTierNemesis.slow(b.options()), NemesisOps.REMOTE_SLOW)).reads(NemesisSettings.REMOTE_DELAY_MS),
            remote(of("remote-fail", REMOTE + "a share (remote-fail-share) of the copy, fetch and delete calls throw "
                    + "RemoteStorageException", b -> RemoteTierNemesis.fail(b.options()), NemesisOps.REMOTE_FAIL))
                    .reads(NemesisSettings.REMOTE_FAIL_SHARE),
            remote(of("remote-outage", REMOTE + "every call throws RemoteStorageException until healed",
                    b -> RemoteTierNemesis.outage(), NemesisOps.REMOTE_OUTAGE)),
            of("remote-lose-object", "the object store loses data, the negative control of the remote tier: one copied "
                    + "segment's log deleted from the bucket (a random partition's lowest-offset segment there); nothing heals it",
                    b -> new LoseObjectNemesis(), NemesisOps.REMOTE_LOSE_OBJECT).needs(Capability.REMOTE_TIER),
            protocol(of("proxy-hold", PROXY + "take one matching request (each matches with the proxy-share chance) out of its "
                    + "client's stream and deliver it later on the proxy's own connection, once the client's next proxy-release-after "
                    + "request was answered (or after proxy-hold-ms): KAFKA-17754's late Produce or EndTxn",
                    b -> ProtocolFaults.hold(b.options()), NemesisOps.PROXY_HOLD).formerly("hold-request"),
                    NemesisSettings.PROXY_RELEASE_AFTER, NemesisSettings.PROXY_HOLD_MS),
            protocol(of("proxy-delay", PROXY + "delay a share of matching requests (or their responses) on their connection",
                    b -> ProtocolFaults.delay(b.options()), NemesisOps.PROXY_DELAY).formerly("delay-requests"),
                    NemesisSettings.PROXY_DELAY_MS, NemesisSettings.PROXY_RESPONSES),
            protocol(of("proxy-drop-response", PROXY + "forward matching requests and throw their responses away, so the client "
                    + "times out on a request the broker applied", b -> ProtocolFaults.dropResponse(b.options()), NemesisOps.PROXY_DROP_RESPONSE)
                    .formerly("drop-responses")),
            protocol(of("proxy-duplicate", PROXY + "deliver matching requests a second time on the proxy's own connection",
                    b -> ProtocolFaults.duplicate(b.options()), NemesisOps.PROXY_DUPLICATE).formerly("duplicate-requests")),
            protocol(of("proxy-error", PROXY + "answer matching requests with proxy-error instead of forwarding them",
                    b -> ProtocolFaults.error(b.options()), NemesisOps.PROXY_ERROR).formerly("error-responses"), NemesisSettings.PROXY_ERROR),
            link(of("proxy-latency", PROXY + "every chunk of bytes on the proxy-target node's client connections (any: every node's), "
                    + "both ways, arrives proxy-latency-ms ± proxy-jitter-ms late (toxic-latency without Toxiproxy)",
                    b -> LinkFaults.latency(b.options()), NemesisOps.PROXY_LATENCY), NemesisSettings.PROXY_LATENCY_MS, NemesisSettings.PROXY_JITTER_MS),
            link(of("proxy-bandwidth", PROXY + "a node's client connections pass at most proxy-rate bytes a second each way "
                    + "(toxic-bandwidth without Toxiproxy)", b -> LinkFaults.bandwidth(b.options()), NemesisOps.PROXY_BANDWIDTH),
                    NemesisSettings.PROXY_RATE),
            link(of("proxy-slice", PROXY + "write everything to a node's clients in slices of about proxy-slice-bytes, "
                    + "proxy-slice-delay-ms apart (Toxiproxy's slicer)", b -> LinkFaults.slice(b.options()), NemesisOps.PROXY_SLICE),
                    NemesisSettings.PROXY_SLICE_BYTES, NemesisSettings.PROXY_SLICE_DELAY_MS),
            link(of("proxy-reset", PROXY + "reset (TCP RST) a node's client connections, and each new one until healed "
                    + "(toxic-reset without Toxiproxy)", b -> LinkFaults.reset(b.options()), NemesisOps.PROXY_RESET)),
            link(of("proxy-blackhole", PROXY + "a node's client connections stay open and pass nothing (bytes both ways "
                    + "thrown away) until healed; the heal closes those that lost bytes", b -> LinkFaults.blackhole(b.options()),
                    NemesisOps.PROXY_BLACKHOLE)));

    private static final List<RetiredName> RETIRED = List.of(
            new RetiredName("corrupt", "corrupt-segment", "in histories, corrupt is network corruption"));

    private FaultCatalogue() {
    }

    /** A fault of the remote store, by the bucket's control file. */
    private static FaultSpec remote(FaultSpec s) {
        return s.needs(Capability.REMOTE_TIER);
    }

    /** A Toxiproxy toxic, recorded as the op of its name. */
    private static FaultSpec toxic(String name, String description, Toxic toxic) {
        var op = NemesisOps.lookup(name).orElseThrow();
        return of(name, TOXIPROXY + description, b -> new ToxicNemesis(op, toxic), op).needs(Capability.TOXIPROXY);
    }

    /** A protocol fault of the kchaos proxy: it reads the API keys, target and share, then {@code own}. */
    private static FaultSpec protocol(FaultSpec s, NemesisSetting... own) {
        return s.needs(Capability.PROTOCOL).reads(PROXY_API, PROXY_TARGET).reads(own).reads(PROXY_SHARE);
    }

    /** A link fault of the kchaos proxy: it reads the target, then {@code own}. */
    private static FaultSpec link(FaultSpec s, NemesisSetting... own) {
        return s.needs(Capability.PROTOCOL).reads(PROXY_TARGET).reads(own);
    }

    /** Every fault of {@code --nemesis}, in the order the docs list them. */
    public static List<FaultSpec> specs() {
        return SPECS;
    }

    /** The fault named {@code name} on the command line (or by one of its former names), if there is one. */
    public static Optional<FaultSpec> spec(String name) {
        return SPECS.stream().filter(s -> s.name().equals(name) || s.formerly().contains(name)).findFirst();
    }

    /** The retired name {@code name}, if it is one. */
    public static Optional<RetiredName> retired(String name) {
        return RETIRED.stream().filter(r -> r.name().equals(name)).findFirst();
    }

    /** Every retired name. */
    public static List<RetiredName> retired() {
        return RETIRED;
    }

    /** Every {@code --nemesis-option} setting the schedule or some fault reads, by key. */
    public static Map<String, NemesisSetting> settings() {
        Map<String, NemesisSetting> out = new TreeMap<>();
        NemesisSettings.SCHEDULE.forEach(o -> out.put(o.key(), o));
        for (FaultSpec s : SPECS) s.settings().forEach(o -> out.put(o.key(), o));
        return out;
    }
}
