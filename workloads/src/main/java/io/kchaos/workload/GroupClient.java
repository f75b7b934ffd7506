package io.kchaos.workload;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The client a group member consumes through ({@link ClientKind#members}): one consumer of some client library that
 * joins a group on one topic, with Kafka's consumer calls and the built-in client's exceptions. Used by one thread.
 */
public interface GroupClient {
    /** A record as polled, with the leader epoch it was written in (-1 when the client does not say). */
    record Polled(ReadRecord read, int leaderEpoch) {
    }

    /** Subscribes to {@code topic}; {@code listener} gets the rebalance events, called inside {@link #poll} and {@link #close}. */
    void subscribe(String topic, ConsumerRebalanceListener listener);

    List<Polled> poll(Duration timeout);

    /** The offset of the next record this member would read from {@code tp}. */
    long position(TopicPartition tp, Duration timeout);

    Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions, Duration timeout);

    /** Commits {@code offsets} for the group, each with its entry of {@code leaderEpochs} when it has one (KIP-320). */
    void commitSync(Map<TopicPartition, Long> offsets, Map<TopicPartition, Integer> leaderEpochs, Duration timeout);

    /** The group's committed offsets of {@code partitions}; a partition without one is absent. */
    Map<TopicPartition, Long> committed(Collection<TopicPartition> partitions, Duration timeout);

    /** Leaves the group and closes within {@code timeout}. */
    void close(Duration timeout);

    /**
     * Closes at once without leaving the group or committing, so the group notices only at the session timeout; a
     * client without {@link ClientFeature#CRASH_MEMBER} throws UnsupportedOperationException.
     */
    void crash();
}
