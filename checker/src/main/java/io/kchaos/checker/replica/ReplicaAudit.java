package io.kchaos.checker.replica;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.folder.LeaderChange;
import io.kchaos.checker.result.CheckResult;
import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Judges the on-disk replicas in a set of broker log directories (the replica rows of docs/format.md):
 * batches and CRCs, checkpoints, epoch lineage within and across replicas, agreement below the high watermark,
 * committed data on the final ISR, optionally every acknowledged write of a history on every final-ISR replica, and
 * optionally that each partition's last observed leader still holds the epoch it led.
 *
 * <p>The high watermark of a partition is the highest {@code replication-offset-checkpoint} value among its replicas:
 * the leader's is the highest (followers learn it a fetch later), and under clean elections no replica's checkpoint
 * exceeds what was committed. It lags the live value by up to the checkpoint interval (5 s by default), except after a
 * clean shutdown, which writes it.
 *
 * <p>When no final ISR is given for a partition, it is inferred: the replicas whose own high-watermark checkpoint equals
 * the partition's (after quiescence every ISR member has learned the final high watermark; a lagging replica has
 * not). A warning says so.
 *
 * <pre>{@code
 * CheckResult r = ReplicaAudit.builder().logDirs(dirs).finalIsr("kchaos", isr).ackedWrites(history, "kchaos").build().run();
 * }</pre>
 */
public final class ReplicaAudit {
    private final List<Path> logDirs;
    private final Set<String> topics;
    private final Set<String> remoteTierTopics;
    private final Map<TopicPartition, Set<Integer>> finalIsr;
    private final History history;
    private final String historyTopic;
    private final Map<TopicPartition, LeaderChange> lastLeaders;

    private ReplicaAudit(Builder b) {
        this.logDirs = List.copyOf(b.logDirs);
        this.topics = b.topics == null ? null : Set.copyOf(b.topics);
        this.remoteTierTopics = Set.copyOf(b.remoteTierTopics);
        this.finalIsr = Map.copyOf(b.finalIsr);
        this.history = b.history;
        this.historyTopic = b.historyTopic;
        this.lastLeaders = Map.copyOf(b.lastLeaders);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the audit. Throws {@link InvalidLogDirException} (one-line message) when a path is not a Kafka log dir or
     * two dirs of one node hold the same partition.
     */
    public CheckResult run() {
        long started = System.nanoTime();
        CheckResult result = new CheckResult();
        Findings findings = new Findings(result);
        if (logDirs.isEmpty()) throw new InvalidLogDirException("no log dirs given");
        Predicate<String> filter = topics == null ? t -> !BrokerLogDir.isInternal(t) : topics::contains;
        List<BrokerLogDir> dirs = logDirs.stream().flatMap(d -> LogDirSources.open(d, filter).stream()).toList();
        reportLogDirs(dirs, findings);

        AckedWrites acked = history == null ? AckedWrites.none() : AckedWrites.from(history);
        if (acked.malformed() > 0) findings.warn(acked.malformed() + " ok sends lack partition, offset or value; not checked on replicas");
        Map<TopicPartition, Map<Integer, PartitionDir>> located = locate(dirs);
        warnUnlocatedAcks(acked, located.keySet(), findings);

        Map<Integer, List<BrokerLogDir>> dirsByNode = new TreeMap<>();
        dirs.forEach(d -> dirsByNode.computeIfAbsent(d.nodeId(), k -> new ArrayList<>()).add(d));
        ObjectNode stats = result.stats().putObject(ResultsFields.Stats.REPLICAS);
        long bytes = 0;
        long batches = 0;
        for (Map.Entry<TopicPartition, Map<Integer, PartitionDir>> e : located.entrySet()) {
            TopicPartition tp = e.getKey();
            PartitionRun pr = auditPartition(tp, e.getValue(), dirsByNode, acked, findings);
            stats.set(tp.toString(), pr.stats);
            bytes += pr.bytes;
            batches += pr.batches;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        stats.put("log-dirs", dirs.size());
        stats.put("partitions-audited", located.size());
        stats.put(ResultsFields.Audit.BYTES_READ, bytes);
        stats.put(ResultsFields.Audit.BATCHES, batches);
        stats.put(ResultsFields.Audit.SECONDS, Math.round(seconds * 1000) / 1000.0);
        stats.put("mb-per-second", seconds > 0 ? Math.round(bytes / 1e6 / seconds * 10) / 10.0 : 0);
        if (located.isEmpty()) {
            result.error("nothing audited: no topic-partition folder" + (topics == null ? "" : " of topic " + String.join(", ", new TreeSet<>(topics)))
                    + " in the given log dirs");
        }
        return result;
    }

    private record PartitionRun(ObjectNode stats, long bytes, long batches) {
    }

    private PartitionRun auditPartition(TopicPartition tp, Map<Integer, PartitionDir> byNode,
                                        Map<Integer, List<BrokerLogDir>> dirsByNode, AckedWrites acked, Findings findings) {
        Set<Integer> isr = finalIsr.get(tp);
        Map<Integer, PartitionDir> folders = new TreeMap<>(byNode);
        if (isr != null) {
            for (int node : isr) { // a final-ISR node whose log dir was given but holds no folder for the partition
                List<BrokerLogDir> nodeDirs = dirsByNode.get(node);
                if (nodeDirs != null && !folders.containsKey(node)) {
                    folders.put(node, PartitionDir.absent(nodeDirs.get(0).path().resolve(tp.toString()), tp));
                    findings.warn("node " + node + " is in the final ISR of " + tp + " but its log dirs hold no folder for it");
                }
            }
        }
        List<Replica> replicas = new ArrayList<>();
        folders.forEach((node, folder) -> replicas.add(new Replica(node, dirOf(node, folder, dirsByNode), folder,
                remoteTierTopics.contains(tp.topic()), findings)));
        long hw = replicas.stream().mapToLong(Replica::highWatermark).max().orElse(-1);
        if (hw < 0) findings.warn(tp + ": no replica has a high watermark checkpointed; cross-replica and committed-data checks skipped");
        String isrSource = assignFinalIsr(tp, replicas, isr, hw, findings);

        Map<Replica, EpochLineageCheck> lineages = new LinkedHashMap<>();
        Map<Replica, AckedWriteCheck> ackChecks = new LinkedHashMap<>();
        AckedWrites.Partition acks = historyTopic != null && historyTopic.equals(tp.topic()) ? acked.partition(tp.partition()) : null;
        for (Replica r : replicas) {
            EpochLineageCheck lineage = new EpochLineageCheck(r, findings);
            lineages.put(r, lineage);
            r.addListener(lineage);
            if (acks != null && r.inFinalIsr()) {
                AckedWriteCheck check = new AckedWriteCheck(r, acks, findings);
                ackChecks.put(r, check);
                r.addListener(check);
            }
        }
        if (acks != null && ackChecks.isEmpty()) {
            findings.warn(tp + ": no final-ISR replica, so " + acks.size() + " acknowledged writes were checked on none");
        }
        PartitionAudit audit = new PartitionAudit(tp, replicas, lineages, Math.max(hw, 0), findings);
        audit.run();
        LeaderChange leader = lastLeaders.get(tp);
        if (leader != null) LeaderEpochKeptCheck.run(leader, replicas, findings);
        long bytes = replicas.stream().mapToLong(Replica::bytesScanned).sum();
        long batches = replicas.stream().mapToLong(Replica::batches).sum();
        return new PartitionRun(audit.stats(isrSource, ackChecks), bytes, batches);
    }

    /** Marks the final-ISR replicas; returns {@code given} or {@code inferred}. */
    private static String assignFinalIsr(TopicPartition tp, List<Replica> replicas, Set<Integer> isr, long hw, Findings findings) {
        if (isr != null) {
            replicas.forEach(r -> r.setInFinalIsr(isr.contains(r.nodeId())));
            return "given";
        }
        replicas.forEach(r -> r.setInFinalIsr(hw >= 0 && r.highWatermark() == hw));
        List<Integer> presumed = replicas.stream().filter(Replica::inFinalIsr).map(Replica::nodeId).toList();
        findings.warn(tp + ": no final ISR given; presumed " + presumed + " (replicas whose high-watermark checkpoint is the partition's " + hw + ")");
        return "inferred";
    }

    private static BrokerLogDir dirOf(int node, PartitionDir folder, Map<Integer, List<BrokerLogDir>> dirsByNode) {
        return dirsByNode.get(node).stream().filter(d -> folder.path().startsWith(d.path())).findFirst()
                .orElse(dirsByNode.get(node).get(0));
    }

    private static void reportLogDirs(List<BrokerLogDir> dirs, Findings findings) {
        for (BrokerLogDir d : dirs) {
            d.checkpointProblems().forEach(p -> findings.checkpointUnreadable(d.nodeId(), p));
            d.partitions().forEach(p -> p.leaderEpochs().problems().forEach(pr -> findings.checkpointUnreadable(d.nodeId(), pr)));
            d.partitions().forEach(p -> p.warnings().forEach(findings::warn));
            if (!d.cleanShutdown()) {
                findings.warn("node " + d.nodeId() + ": " + d.path() + " has no " + BrokerLogDir.CLEAN_SHUTDOWN
                        + " (the broker did not stop cleanly or is running): leader-epoch checkpoints may lag the log above the recovery point");
            }
        }
    }

    /** Topic-partition → node → folder, across all dirs; the same partition twice on one node is bad input. */
    private static Map<TopicPartition, Map<Integer, PartitionDir>> locate(List<BrokerLogDir> dirs) {
        Map<TopicPartition, Map<Integer, PartitionDir>> located = new TreeMap<>(
                Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
        for (BrokerLogDir d : dirs) {
            for (PartitionDir p : d.partitions()) {
                PartitionDir before = located.computeIfAbsent(p.topicPartition(), k -> new TreeMap<>()).putIfAbsent(d.nodeId(), p);
                if (before != null) {
                    throw new InvalidLogDirException("node " + d.nodeId() + " holds " + p.topicPartition() + " twice: "
                            + before.path() + " and " + p.path());
                }
            }
        }
        return located;
    }

    private void warnUnlocatedAcks(AckedWrites acked, Set<TopicPartition> located, Findings findings) {
        if (historyTopic == null) return;
        for (int p : new TreeSet<>(acked.partitions())) {
            if (!located.contains(new TopicPartition(historyTopic, p))) {
                findings.warn("acknowledged writes to " + historyTopic + "-" + p + " not checked: no replica of it in the given log dirs");
            }
        }
    }

    /** Configures an audit: which log dirs, which topics, the final ISR, and the history to check acknowledged writes against. */
    public static final class Builder {
        private final List<Path> logDirs = new ArrayList<>();
        private Collection<String> topics;
        private final Set<String> remoteTierTopics = new java.util.HashSet<>();
        private final Map<TopicPartition, Set<Integer>> finalIsr = new HashMap<>();
        private History history;
        private String historyTopic;
        private final Map<TopicPartition, LeaderChange> lastLeaders = new HashMap<>();

        private Builder() {
        }

        /** Broker log dirs ({@code log.dirs} folders) or replica digest files of them, any number per node. */
        public Builder logDirs(Collection<Path> dirs) {
            logDirs.addAll(dirs);
            return this;
        }

        public Builder logDir(Path dir) {
            logDirs.add(dir);
            return this;
        }

        /** Only these topics (internal ones included if named); default: every topic not starting with {@code __}. */
        public Builder topics(Collection<String> topicNames) {
            this.topics = List.copyOf(topicNames);
            return this;
        }

        /**
         * Topics with tiered storage ({@code remote.storage.enable=true}): a replica's offsets below its first local
         * segment, down to the checkpointed log start, are in the remote tier, so neither missing nor warned about.
         */
        public Builder remoteTier(Collection<String> topicNames) {
            remoteTierTopics.addAll(topicNames);
            return this;
        }

        /** The final ISR of one topic's partitions (partition → node ids), e.g. read from the cluster before stopping it. */
        public Builder finalIsr(String topic, Map<Integer, ? extends Collection<Integer>> isrByPartition) {
            isrByPartition.forEach((p, nodes) -> finalIsr.put(new TopicPartition(topic, p), Set.copyOf(nodes)));
            return this;
        }

        public Builder finalIsr(TopicPartition partition, Collection<Integer> nodes) {
            finalIsr.put(partition, Set.copyOf(nodes));
            return this;
        }

        /** Checks every acknowledged {@code send} of the history (written to {@code topic}) on every final-ISR replica. */
        public Builder ackedWrites(History sends, String topic) {
            this.history = sends;
            this.historyTopic = topic;
            return this;
        }

        /**
         * The leaders observed during the run ({@code leaders.jsonl} of {@code topic}): each partition's last observed
         * leader must still hold the epoch it led ({@code leader-epoch-lost}).
         */
        public Builder observedLeaders(String topic, List<LeaderChange> samples) {
            lastLeaders.putAll(LeaderEpochKeptCheck.lastObserved(topic, samples));
            return this;
        }

        public ReplicaAudit build() {
            return new ReplicaAudit(this);
        }
    }
}
