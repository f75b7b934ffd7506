package io.kchaos.nemesis.cluster;

import io.kchaos.wire.NodeDialer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionReplica;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.NoReassignmentInProgressException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** {@link OperationsView} over Kafka's Admin API for one topic: what {@code kafka-reassign-partitions}, {@code kafka-leader-election}, {@code kafka-topics --alter} and {@code kafka-configs} do. */
public final class AdminOperationsView implements OperationsView {
    private static final long TIMEOUT_S = 15;
    private static final String LEADER_RATE = "leader.replication.throttled.rate";
    private static final String FOLLOWER_RATE = "follower.replication.throttled.rate";
    private static final String LEADER_REPLICAS = "leader.replication.throttled.replicas";
    private static final String FOLLOWER_REPLICAS = "follower.replication.throttled.replicas";

    private final Admin admin;
    private final String topic;
    private final NodeDialer dialer;

    public AdminOperationsView(Admin admin, String topic) {
        this(admin, topic, Map.of());
    }

    /** The same, reading configs back from single brokers logged in with {@code clientSecurity} (the run's; empty: plain sockets, {@link NodeDialer}). */
    public AdminOperationsView(Admin admin, String topic, Map<String, String> clientSecurity) {
        this.dialer = NodeDialer.of(clientSecurity);
        this.admin = admin;
        this.topic = topic;
    }

    @Override
    public String topicName() {
        return topic;
    }

    @Override
    public void reassign(Map<Integer, List<Integer>> targets) {
        Map<TopicPartition, List<Integer>> any = new LinkedHashMap<>();
        targets.forEach((p, r) -> any.put(tp(p), r));
        reassignAny(any);
    }

    @Override
    public void reassignAny(Map<TopicPartition, List<Integer>> targets) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        targets.forEach((tp, r) -> request.put(tp, Optional.of(new NewPartitionReassignment(r))));
        await(admin.alterPartitionReassignments(request).all());
    }

    @Override
    public Optional<Map<TopicPartition, PartitionReplicas>> everyPartition() {
        return read(() -> {
            Set<String> names = new TreeSet<>(admin.listTopics(new ListTopicsOptions().listInternal(true)).names().get(TIMEOUT_S, TimeUnit.SECONDS));
            names.removeIf(t -> !OperationsView.reassignable(t));
            Map<TopicPartition, PartitionReplicas> out = new LinkedHashMap<>();
            admin.describeTopics(names).allTopicNames().get(TIMEOUT_S, TimeUnit.SECONDS).forEach((t, d) -> d.partitions().forEach(i ->
                    out.put(new TopicPartition(t, i.partition()), new PartitionReplicas(i.replicas().stream().map(Node::id).toList(),
                            i.isr().stream().map(Node::id).toList()))));
            return out;
        });
    }

    @Override
    public Optional<Map<TopicPartition, Reassigning>> everyReassignment() {
        return read(() -> {
            Map<TopicPartition, Reassigning> out = new LinkedHashMap<>();
            admin.listPartitionReassignments().reassignments().get(TIMEOUT_S, TimeUnit.SECONDS)
                    .forEach((tp, r) -> out.put(tp, new Reassigning(r.replicas(), r.addingReplicas(), r.removingReplicas())));
            return out;
        });
    }

    @Override
    public Optional<Set<TopicPartition>> partitionDirs(int broker) {
        return read(() -> {
            Map<String, LogDirDescription> dirs = admin.describeLogDirs(List.of(broker)).descriptions().get(broker).get(TIMEOUT_S, TimeUnit.SECONDS);
            Set<TopicPartition> out = new java.util.LinkedHashSet<>();
            dirs.values().stream().filter(d -> d.error() == null).forEach(d -> d.replicaInfos().keySet().stream()
                    .filter(tp -> OperationsView.reassignable(tp.topic())).forEach(out::add));
            return out;
        });
    }

    @Override
    public void cancelReassignments(Set<Integer> partitions) {
        Map<TopicPartition, Optional<NewPartitionReassignment>> request = new LinkedHashMap<>();
        partitions.forEach(p -> request.put(tp(p), Optional.empty()));
        admin.alterPartitionReassignments(request).values().forEach((tp, f) -> {
            try {
                await(f);
            } catch (OperationFailed e) {
                if (!(e.getCause() instanceof NoReassignmentInProgressException)) throw e;
            }
        });
    }

    @Override
    public Optional<Map<Integer, Reassigning>> reassignments() {
        return everyReassignment().map(all -> {
            Map<Integer, Reassigning> out = new TreeMap<>();
            all.forEach((tp, r) -> {
                if (tp.topic().equals(topic)) out.put(tp.partition(), r);
            });
            return out;
        });
    }

    @Override
    public Map<Integer, String> electLeaders(boolean unclean, Set<Integer> partitions) {
        Set<TopicPartition> tps = new java.util.LinkedHashSet<>();
        partitions.forEach(p -> tps.add(tp(p)));
        Map<TopicPartition, Optional<Throwable>> answers = await(admin.electLeaders(unclean ? ElectionType.UNCLEAN : ElectionType.PREFERRED, tps).partitions());
        Map<Integer, String> out = new TreeMap<>();
        answers.forEach((tp, error) -> out.put(tp.partition(), error.map(t -> t.getClass().getSimpleName()).orElse("ok")));
        return out;
    }

    @Override
    public void createPartitions(int total) {
        await(admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(total))).all());
    }

    @Override
    public Optional<TopicConfig> topicConfig(String key) {
        return read(() -> {
            ConfigResource r = topicResource();
            Config c = admin.describeConfigs(List.of(r)).all().get(TIMEOUT_S, TimeUnit.SECONDS).get(r);
            ConfigEntry e = c == null ? null : c.get(key);
            if (e == null) return new TopicConfig(null, false);
            return new TopicConfig(e.value(), e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
        });
    }

    @Override
    public Map<Integer, TopicConfig> topicConfigOn(Collection<Integer> brokers, String key) {
        Map<Integer, TopicConfig> out = new TreeMap<>();
        Optional<Collection<Node>> nodes = read(() -> admin.describeCluster().nodes().get(TIMEOUT_S, TimeUnit.SECONDS));
        nodes.orElse(List.of()).stream().filter(n -> brokers.contains(n.id()))
                .forEach(n -> NodeConfigRead.topicConfig(dialer, n.id(), n.host(), n.port(), topic, key).ifPresent(c -> out.put(n.id(), c)));
        return out;
    }

    @Override
    public Map<Integer, List<String>> logDirs() {
        Map<Integer, List<String>> out = new TreeMap<>();
        Optional<Collection<Node>> nodes = read(() -> admin.describeCluster().nodes().get(TIMEOUT_S, TimeUnit.SECONDS));
        List<Integer> ids = nodes.orElse(List.of()).stream().map(Node::id).toList();
        if (ids.isEmpty()) return out;
        admin.describeLogDirs(ids).descriptions().forEach((broker, f) -> read(() -> f.get(TIMEOUT_S, TimeUnit.SECONDS)).ifPresent(dirs ->
                out.put(broker, dirs.entrySet().stream().filter(e -> e.getValue().error() == null).map(Map.Entry::getKey).sorted().toList())));
        return out;
    }

    @Override
    public Optional<ReplicaDir> replicaDir(int broker, int partition) {
        TopicPartitionReplica r = new TopicPartitionReplica(topic, partition, broker);
        return read(() -> admin.describeReplicaLogDirs(List.of(r)).values().get(r).get(TIMEOUT_S, TimeUnit.SECONDS))
                .map(i -> new ReplicaDir(i.getCurrentReplicaLogDir(), i.getFutureReplicaLogDir()));
    }

    @Override
    public void moveReplicaDir(int broker, int partition, String dir) {
        await(admin.alterReplicaLogDirs(Map.of(new TopicPartitionReplica(topic, partition, broker), dir)).all());
    }

    @Override
    public Optional<List<RaftVoter>> raftVoters() {
        return read(() -> AdminRaftVoters.of(admin.describeMetadataQuorum().quorumInfo().get(TIMEOUT_S, TimeUnit.SECONDS)));
    }

    @Override
    public Optional<List<RaftVoter>> raftObservers() {
        return read(() -> AdminRaftVoters.observers(admin.describeMetadataQuorum().quorumInfo().get(TIMEOUT_S, TimeUnit.SECONDS)));
    }

    @Override
    public void removeRaftVoter(RaftVoter voter) {
        await(AdminRaftVoters.remove(admin, voter));
    }

    @Override
    public void addRaftVoter(RaftVoter voter) {
        await(AdminRaftVoters.add(admin, voter));
    }

    @Override
    public void setTopicConfig(String key, String value) {
        await(admin.incrementalAlterConfigs(Map.of(topicResource(), List.of(setOrDelete(key, value)))).all());
    }

    @Override
    public void throttle(Collection<Integer> brokers, long bytesPerSecond) {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new HashMap<>();
        for (int b : brokers) {
            List<AlterConfigOp> rates = new ArrayList<>();
            for (String k : List.of(LEADER_RATE, FOLLOWER_RATE)) rates.add(setOrDelete(k, bytesPerSecond > 0 ? Long.toString(bytesPerSecond) : null));
            ops.put(new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(b)), rates);
        }
        List<AlterConfigOp> replicas = new ArrayList<>();
        for (String k : List.of(LEADER_REPLICAS, FOLLOWER_REPLICAS)) replicas.add(setOrDelete(k, bytesPerSecond > 0 ? "*" : null));
        ops.put(topicResource(), replicas);
        await(admin.incrementalAlterConfigs(ops).all());
    }

    @Override
    public Optional<List<String>> throttleConfigs(Collection<Integer> brokers) {
        return read(() -> {
            Map<ConfigResource, List<String>> keys = new LinkedHashMap<>();
            for (int b : new TreeSet<>(brokers)) {
                keys.put(new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(b)), List.of(LEADER_RATE, FOLLOWER_RATE));
            }
            keys.put(topicResource(), List.of(LEADER_REPLICAS, FOLLOWER_REPLICAS));
            Map<ConfigResource, Config> configs = admin.describeConfigs(keys.keySet()).all().get(TIMEOUT_S, TimeUnit.SECONDS);
            List<String> set = new ArrayList<>();
            keys.forEach((r, ks) -> ks.forEach(k -> {
                ConfigEntry e = configs.get(r) == null ? null : configs.get(r).get(k);
                if (e != null && isDynamic(e)) set.add((r.type() == ConfigResource.Type.BROKER ? "broker " + r.name() : "topic") + " " + k + "=" + e.value());
            }));
            return set;
        });
    }

    /** True for a config a broker or topic sets itself (what {@link #throttle} sets), not a static value or a default. */
    private static boolean isDynamic(ConfigEntry e) {
        return e.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG || e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG;
    }

    private static AlterConfigOp setOrDelete(String key, String value) {
        return value == null ? new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
    }

    private ConfigResource topicResource() {
        return new ConfigResource(ConfigResource.Type.TOPIC, topic);
    }

    private TopicPartition tp(int partition) {
        return new TopicPartition(topic, partition);
    }

    /** What {@code read} returns, or empty when the cluster did not answer (interrupted: the flag is kept). */
    private static <T> Optional<T> read(java.util.concurrent.Callable<T> read) {
        try {
            return Optional.of(read.call());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** The future's value within the timeout; Kafka's refusal, a timeout or an interrupt as {@link OperationFailed}. */
    private static <T> T await(KafkaFuture<T> f) {
        try {
            return f.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationFailed("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new OperationFailed(cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new OperationFailed("no answer within " + TIMEOUT_S + " s", e);
        }
    }

    /** Kafka refused an operation, or did not answer in time. */
    public static final class OperationFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OperationFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
