package io.kchaos.harness.run;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Asks the cluster whether it refuses acks=all writes to a topic: every partition's ISR is smaller than the topic's
 * effective {@code min.insync.replicas}, the brokers' rule for answering NotEnoughReplicas. Used only to explain a run
 * in which no write was acknowledged (a release that caps the minimum at the replication factor, as Kafka 4.1 with
 * Eligible Leader Replicas does, acknowledges writes and never gets here).
 */
public final class IsrBelowMinimum {
    private IsrBelowMinimum() {
    }

    /** Why the brokers refuse every acks=all write to {@code topic}, or empty when they need not (or the cluster cannot tell). */
    public static Optional<String> explain(Admin admin, String topic) {
        try {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config = admin.describeConfigs(Set.of(resource)).all().get(10, TimeUnit.SECONDS).get(resource);
            ConfigEntry entry = config.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
            if (entry == null || entry.value() == null) return Optional.empty();
            int minIsr = Integer.parseInt(entry.value().trim());
            TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);
            int largestIsr = d.partitions().stream().mapToInt(p -> p.isr().size()).max().orElse(0);
            int replicas = d.partitions().stream().map(TopicPartitionInfo::replicas).mapToInt(List::size).max().orElse(0);
            if (largestIsr >= minIsr) return Optional.empty();
            return Optional.of("every partition's ISR (at most " + largestIsr + " of " + replicas + " replicas) is smaller than min.insync.replicas="
                    + minIsr + ", so the brokers refuse acks=all writes with NotEnoughReplicas — the configuration cannot accept writes");
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
