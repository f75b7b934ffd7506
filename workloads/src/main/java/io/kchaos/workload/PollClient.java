package io.kchaos.workload;

import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The client a {@link io.kchaos.workload.common.ConsumerWorker} (and a txn worker's poll) reads through: one consumer
 * of some client library, assigned partitions of the workload's topic without a group. Used by one thread, except {@link #wakeup}.
 */
public interface PollClient {
    /** Assigns the partitions and positions each at its log start offset, which it returns. */
    Map<TopicPartition, Long> seekToLogStart(List<TopicPartition> partitions, Duration timeout);

    /**
     * Assigns the partitions and positions each at its end offset (the last stable offset under read_committed), which
     * it returns; a client without it throws UnsupportedOperationException.
     */
    default Map<TopicPartition, Long> seekToEnd(List<TopicPartition> partitions, Duration timeout) {
        throw new UnsupportedOperationException("this client cannot seek to the end");
    }

    /** The records read within {@code timeout}, in the order the client returned them. */
    List<ReadRecord> poll(Duration timeout);

    /** Makes a blocked or the next {@link #poll} throw {@code WakeupException}; callable from any thread. */
    void wakeup();

    /** Closes the client within {@code timeout}. */
    void close(Duration timeout);
}
