package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import io.kchaos.wire.LeaderEpochStart;
import io.kchaos.wire.NodeDialer;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** {@link TopicView} over Kafka's Admin API; a metadata read that fails or times out reads as "unknown". */
public final class AdminTopicView implements TopicView {
    private final Admin admin;
    private final String topic;
    private volatile int partitions; // grows when a read of the metadata lists more (partitions added mid-run)
    private final NodeDialer dialer;

    public AdminTopicView(Admin admin, String topic, int partitions) {
        this(admin, topic, partitions, Map.of());
    }

    /** The same, asking single brokers logged in with {@code clientSecurity} (the run's; empty: plain sockets, {@link NodeDialer}). */
    public AdminTopicView(Admin admin, String topic, int partitions, Map<String, String> clientSecurity) {
        this.dialer = NodeDialer.of(clientSecurity);
        this.admin = admin;
        this.topic = topic;
        this.partitions = partitions;
    }

    @Override
    public int partitions() {
        return partitions;
    }

    /** The topic's current description, if it could be read within 5 s; a description with more partitions grows {@link #partitions()}. */
    public Optional<TopicDescription> describe() {
        try {
            TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS).get(topic);
            if (d != null && d.partitions().size() > partitions) partitions = d.partitions().size();
            return Optional.ofNullable(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // a nemesis waiting on the metadata must see that the run is stopping
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private Optional<TopicPartitionInfo> info(int partition) {
        return describe().flatMap(d -> d.partitions().stream().filter(p -> p.partition() == partition).findFirst());
    }

    @Override
    public Optional<Integer> leader(int partition) {
        return info(partition).map(TopicPartitionInfo::leader).filter(n -> n != null && !n.isEmpty()).map(Node::id);
    }

    @Override
    public List<Integer> replicas(int partition) {
        return info(partition).map(i -> i.replicas().stream().map(Node::id).toList()).orElse(List.of());
    }

    @Override
    public List<Integer> isr(int partition) {
        return info(partition).map(i -> i.isr().stream().map(Node::id).toList()).orElse(List.of());
    }

    @Override
    public OptionalLong highWatermark(int partition) {
        TopicPartition tp = new TopicPartition(topic, partition);
        try {
            return OptionalLong.of(admin.listOffsets(Map.of(tp, OffsetSpec.latest())).partitionResult(tp).get(5, TimeUnit.SECONDS).offset());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        } catch (Exception e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public OptionalLong leaderEpochStart(int partition) {
        Optional<Node> leader = info(partition).map(TopicPartitionInfo::leader).filter(n -> n != null && !n.isEmpty());
        if (leader.isEmpty()) return OptionalLong.empty();
        try {
            Node n = leader.get();
            return LeaderEpochStart.ask(dialer, n.host(), n.port(), n.id(), topic, partition, 5_000)
                    .map(a -> OptionalLong.of(a.startOffset())).orElse(OptionalLong.empty());
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** Brokers in the cluster's metadata: in KRaft, DescribeCluster lists only unfenced brokers. */
    @Override
    public Optional<Set<Integer>> unfencedBrokers() {
        try {
            Set<Integer> ids = new TreeSet<>();
            admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).forEach(n -> ids.add(n.id()));
            return Optional.of(ids);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
