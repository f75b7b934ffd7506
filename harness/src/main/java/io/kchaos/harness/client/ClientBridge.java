package io.kchaos.harness.client;

import io.kchaos.workload.ReadRecord;

import java.util.List;
import java.util.Map;

/**
 * The calls between kchaos and a kafka-clients release loaded by a {@link ClientClassLoader}. Every signature uses JDK
 * and kchaos types only (never a Kafka class), so the same interface links on both sides of the loader boundary; the
 * implementations in {@code io.kchaos.harness.client.adapter} are defined by the child loader against its release.
 */
public final class ClientBridge {
    private ClientBridge() {
    }

    /** The entry point a release's adapter implements: its version and its clients. */
    public interface Factory {
        /** The release's own {@code AppInfoParser.getVersion()}. */
        String version();

        /** A producer with String serializers; a setting the release refuses fails with a one-line IllegalArgumentException. */
        Producer producer(Map<String, Object> config);

        /** A consumer with String deserializers, used by assignment; bad settings fail as for {@link #producer}. */
        Consumer consumer(Map<String, Object> config);
    }

    /** One producer of the release. */
    public interface Producer {
        /** Hands a record over; the outcome is reported once, on the client's thread. Throws the release's own exceptions. */
        void send(String topic, int partition, String key, String value, Outcome outcome);

        void close(long timeoutMillis);
    }

    /** A send's result: acknowledged at a position (offset -1 without one, as with acks=0) or failed with the release's exception. */
    public interface Outcome {
        void acked(int partition, long offset);

        void failed(Exception error);
    }

    /** One consumer of the release, assigned partitions without a group. */
    public interface Consumer {
        /** Assigns the partitions of {@code topic} and seeks each to its log start offset, which it returns by partition. */
        Map<Integer, Long> seekToLogStart(String topic, List<Integer> partitions, long timeoutMillis);

        List<ReadRecord> poll(long timeoutMillis);

        void wakeup();

        void close(long timeoutMillis);
    }
}
