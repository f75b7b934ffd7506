package io.kchaos.workload.common;

import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.admin.Admin;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The partition count of a workload's one topic as it is now, asked of the cluster with an admin client every
 * {@value PartitionFollower#DEFAULT_PERIOD_MILLIS} ms ({@link PartitionFollower}); a layout of several topics keeps
 * its count, since its history numbering depends on it.
 */
public final class TopicFollower implements AutoCloseable {
    private static final long DESCRIBE_TIMEOUT_MILLIS = 5_000;

    private final Admin admin;
    private final PartitionFollower follower;

    public TopicFollower(WorkloadContext ctx, TopicLayout layout) {
        if (layout.named()) {
            admin = null;
            follower = new PartitionFollower(layout.partitions(), () -> null, PartitionFollower.DEFAULT_PERIOD_MILLIS);
            return;
        }
        String topic = layout.topics().get(0);
        admin = Clients.construct("admin client", () -> Admin.create(ClientConfigs.admin(ctx)));
        follower = new PartitionFollower(layout.partitions(), () -> admin.describeTopics(List.of(topic)).allTopicNames()
                .get(DESCRIBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).get(topic).partitions().size(),
                PartitionFollower.DEFAULT_PERIOD_MILLIS);
    }

    /** The highest partition count seen so far. */
    public int count() {
        return follower.count();
    }

    public void start() {
        if (admin != null) follower.start("kchaos-partition-follower");
    }

    @Override
    public void close() {
        follower.close();
        if (admin != null) admin.close(Duration.ofSeconds(2));
    }
}
