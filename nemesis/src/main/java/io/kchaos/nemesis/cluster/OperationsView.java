package io.kchaos.nemesis.cluster;

import org.apache.kafka.common.TopicPartition;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a planned-operation nemesis may ask of the cluster through the Admin API, on the workload's topic: reassign its
 * partitions and see their progress, elect leaders, add partitions, change a topic config, throttle replication, move
 * a replica between a broker's log dirs; and, for a decommission, the same reassignments on every topic (internal ones
 * too) and which partitions a broker hosts. A
 * request that Kafka refuses or that times out throws; a read that fails reads as empty.
 */
public interface OperationsView {
    /** A cluster that takes no operations (a context built without an Admin client). */
    OperationsView NONE = new OperationsView() {
    };

    /** The KRaft metadata log's topic: on disk like a partition, but no partition a reassignment can move. */
    String METADATA_TOPIC = "__cluster_metadata";

    /** True for a topic whose partitions a reassignment can move: every topic, internal ones too, but {@link #METADATA_TOPIC}. */
    static boolean reassignable(String topic) {
        return !METADATA_TOPIC.equals(topic);
    }

    /** The workload topic's name: the topic the methods taking a bare partition number act on. */
    default String topicName() {
        return "";
    }

    /**
     * Every {@link #reassignable} topic's partitions ({@code Admin.listTopics} with internal topics, then
     * {@code describeTopics}) with their replicas and ISR; empty when they could not be read.
     */
    default Optional<Map<TopicPartition, PartitionReplicas>> everyPartition() {
        return Optional.empty();
    }

    /** {@link #reassign} for partitions of any topic. */
    default void reassignAny(Map<TopicPartition, List<Integer>> targets) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** {@link #reassignments} on every topic; empty when they could not be listed. */
    default Optional<Map<TopicPartition, Reassigning>> everyReassignment() {
        return Optional.empty();
    }

    /**
     * The partitions of {@link #reassignable} topics with a log directory (current or future) on {@code broker}, as it
     * reports them ({@code Admin.describeLogDirs}); empty when it did not answer.
     */
    default Optional<Set<TopicPartition>> partitionDirs(int broker) {
        return Optional.empty();
    }

    /** Asks Kafka to move each partition to its listed replicas (preferred leader first); returns once it accepted. */
    default void reassign(Map<Integer, List<Integer>> targets) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** Cancels the reassignments of {@code partitions} still in progress (one that is not is left as it is). */
    default void cancelReassignments(Set<Integer> partitions) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** The reassignments in progress on the topic, by partition; empty when they could not be listed. */
    default Optional<Map<Integer, Reassigning>> reassignments() {
        return Optional.empty();
    }

    /** Elects leaders of {@code partitions}: each partition's outcome, {@code ok} or the error Kafka gave. */
    default Map<Integer, String> electLeaders(boolean unclean, Set<Integer> partitions) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** Grows the topic to {@code total} partitions; returns once Kafka accepted. */
    default void createPartitions(int total) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** The topic's value of config {@code key} as a broker reports it, if it could be read. */
    default Optional<TopicConfig> topicConfig(String key) {
        return Optional.empty();
    }

    /**
     * The topic's value of config {@code key} as each of {@code brokers} reports it, each asked alone (a broker serves it
     * from its own copy of the metadata, which may lag); a broker that did not answer is left out.
     */
    default Map<Integer, TopicConfig> topicConfigOn(Collection<Integer> brokers, String key) {
        return Map.of();
    }

    /** Sets the topic's config {@code key} to {@code value}, or removes the topic's override when {@code value} is null. */
    default void setTopicConfig(String key, String value) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /**
     * Limits replication traffic on {@code brokers} to {@code bytesPerSecond} each way for every replica of the topic
     * (the broker and topic throttle configs {@code kafka-reassign-partitions --throttle} sets); 0 removes the limit.
     */
    default void throttle(Collection<Integer> brokers, long bytesPerSecond) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /**
     * The throttle configs still set on {@code brokers} and on the topic, each as {@code "broker 2 leader.replication.throttled.rate=1024"}
     * or {@code "topic follower.replication.throttled.replicas=*"} (none: no throttle left); empty when they could not be read.
     */
    default Optional<List<String>> throttleConfigs(Collection<Integer> brokers) {
        return Optional.empty();
    }

    /**
     * Each broker's online log dirs as it reports them ({@code Admin.describeLogDirs}), sorted; a broker that did not
     * answer is left out, a dir that failed is not listed.
     */
    default Map<Integer, List<String>> logDirs() {
        return Map.of();
    }

    /** Where {@code broker}'s replica of the topic's {@code partition} lives ({@code Admin.describeReplicaLogDirs}); empty when unknown. */
    default Optional<ReplicaDir> replicaDir(int broker, int partition) {
        return Optional.empty();
    }

    /** Asks {@code broker} to move its replica of {@code partition} to its log dir {@code dir} ({@code Admin.alterReplicaLogDirs}); returns once accepted. */
    default void moveReplicaDir(int broker, int partition, String dir) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** The metadata quorum's voters with their directory ids and endpoints (KIP-853); empty when unknown. */
    default Optional<List<RaftVoter>> raftVoters() {
        return Optional.empty();
    }

    /**
     * The metadata quorum's observers (brokers, controllers that do not vote) that fetch with a directory id, as the
     * leader last saw them (KIP-853); their endpoints only where the answer names them (Kafka names the voters'); empty
     * when unknown.
     */
    default Optional<List<RaftVoter>> raftObservers() {
        return Optional.empty();
    }

    /** Asks the quorum to remove {@code voter} ({@code Admin.removeRaftVoter}); returns once Kafka accepted it. */
    default void removeRaftVoter(RaftVoter voter) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /** Asks the quorum to add {@code voter} ({@code Admin.addRaftVoter}); returns once Kafka accepted it. */
    default void addRaftVoter(RaftVoter voter) {
        throw new UnsupportedOperationException("this cluster takes no operations");
    }

    /**
     * A partition's reassignment in progress.
     *
     * @param replicas the replica set while it moves (old and new)
     * @param adding   replicas being added
     * @param removing replicas being removed
     */
    record Reassigning(List<Integer> replicas, List<Integer> adding, List<Integer> removing) {
        public Reassigning {
            replicas = List.copyOf(replicas);
            adding = List.copyOf(adding);
            removing = List.copyOf(removing);
        }
    }

    /**
     * A partition's replicas as the metadata lists them.
     *
     * @param replicas assigned replicas, preferred leader first
     * @param isr      in-sync replicas
     */
    record PartitionReplicas(List<Integer> replicas, List<Integer> isr) {
        public PartitionReplicas {
            replicas = List.copyOf(replicas);
            isr = List.copyOf(isr);
        }
    }

    /**
     * Where a replica lives on its broker.
     *
     * @param current the log dir holding the replica, null when the broker knows none
     * @param future  the log dir a move is copying it to, null when no move is under way
     */
    record ReplicaDir(String current, String future) {
        /** True when the replica is in {@code dir} with no future replica left anywhere. */
        public boolean settledIn(String dir) {
            return dir.equals(current) && future == null;
        }

        @Override
        public String toString() {
            return "in " + current + (future == null ? ", no future replica" : ", future replica in " + future);
        }
    }

    /**
     * A topic config's value.
     *
     * @param value    the value in effect (null when Kafka has none)
     * @param override true when the topic sets it itself, false when it takes the broker's or Kafka's default
     */
    record TopicConfig(String value, boolean override) {
    }
}
