package io.kchaos.harness.client;

import io.kchaos.workload.GroupClient;
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

        /** A producer as {@link #producer}, whose config names a transactional.id. */
        TxnProducer transactionalProducer(Map<String, Object> config);

        /** A consumer with String deserializers that joins the group its config names; bad settings fail as for {@link #producer}. */
        Member member(Map<String, Object> config);
    }

    /** One producer of the release. */
    public interface Producer {
        /** Hands a record over; the outcome is reported once, on the client's thread. Throws the release's own exceptions. */
        void send(String topic, int partition, String key, String value, Outcome outcome);

        void close(long timeoutMillis);
    }

    /** One transactional producer of the release: Kafka's transaction calls, throwing the release's own exceptions. */
    public interface TxnProducer extends Producer {
        void initTransactions();

        void beginTransaction();

        void flush();

        void commitTransaction();

        void abortTransaction();
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

        /** Assigns the partitions of {@code topic} and seeks each to its end offset, which it returns by partition. */
        Map<Integer, Long> seekToEnd(String topic, List<Integer> partitions, long timeoutMillis);

        List<ReadRecord> poll(long timeoutMillis);

        void wakeup();

        void close(long timeoutMillis);
    }

    /** What a member's rebalance listener hears, by partition number of its one topic. */
    public interface Rebalance {
        void revoked(List<Integer> partitions);

        void lost(List<Integer> partitions);

        void assigned(List<Integer> partitions);
    }

    /** One consumer of the release in a group, subscribed to one topic; partitions are that topic's, by number. */
    public interface Member {
        void subscribe(String topic, Rebalance listener);

        List<GroupClient.Polled> poll(long timeoutMillis);

        long position(int partition, long timeoutMillis);

        Map<Integer, Long> endOffsets(List<Integer> partitions, long timeoutMillis);

        /** Commits the offsets, each with its entry of {@code leaderEpochs} when it has one. */
        void commitSync(Map<Integer, Long> offsets, Map<Integer, Integer> leaderEpochs, long timeoutMillis);

        /** The committed offsets; a partition without one is absent. */
        Map<Integer, Long> committed(List<Integer> partitions, long timeoutMillis);

        void close(long timeoutMillis);

        /** Closes at once without leaving the group; UnsupportedOperationException before kafka-clients 4.1. */
        void crash();
    }
}
