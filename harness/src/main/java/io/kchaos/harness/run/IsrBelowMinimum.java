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
 * Asks the cluster whether it refuses acks=all writes to a topic: every partition's ISR is smaller than its effective
 * minimum, {@code min.insync.replicas} capped at the partition's replica count (the brokers' rule for answering
 * NotEnoughReplicas: Kafka 4.1 acknowledged acks=all writes with {@code min.insync.replicas=5} on 3 replicas). Used
 * only to explain a run in which no write was acknowledged.
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
            if (d.partitions().isEmpty()) return Optional.empty();
            for (TopicPartitionInfo p : d.partitions()) {
                if (p.isr().size() >= Math.min(minIsr, p.replicas().size())) return Optional.empty();
            }
            int largestIsr = d.partitions().stream().mapToInt(p -> p.isr().size()).max().orElse(0);
            return Optional.of("every partition's ISR (at most " + largestIsr + " replicas) is smaller than min.insync.replicas="
                    + minIsr + ", so the brokers refuse acks=all writes with NotEnoughReplicas — the configuration cannot accept writes");
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
