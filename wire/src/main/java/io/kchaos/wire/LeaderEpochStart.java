package io.kchaos.wire;

import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.OffsetForLeaderEpochRequestData.OffsetForLeaderPartition;
import org.apache.kafka.common.message.OffsetForLeaderEpochRequestData.OffsetForLeaderTopic;
import org.apache.kafka.common.message.OffsetForLeaderEpochRequestData.OffsetForLeaderTopicCollection;
import org.apache.kafka.common.message.OffsetForLeaderEpochResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;
import org.apache.kafka.common.requests.OffsetsForLeaderEpochRequest;
import org.apache.kafka.common.requests.OffsetsForLeaderEpochResponse;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where a partition's current leader epoch begins on its leader, asked of that broker: its log end offset when it was
 * elected (Kafka records the start of each epoch in the leader-epoch cache as the replica becomes leader). Two requests:
 * {@code Metadata} (version {@value #METADATA_VERSION}) for the broker's own leader and epoch, then
 * {@code OffsetsForLeaderEpoch} (version {@value #EPOCH_VERSION}) for the end of the epoch before, which is where the
 * current one starts. Both versions are served by every release kchaos runs (3.7 to 4.4).
 */
public final class LeaderEpochStart {
    static final short METADATA_VERSION = 12;
    static final short EPOCH_VERSION = 4;

    /**
     * @param leader      the leader the broker names (the broker asked, when it leads)
     * @param epoch       its leader epoch
     * @param startOffset the offset at which that epoch begins in its log
     */
    public record Answer(int leader, int epoch, long startOffset) {
    }

    private LeaderEpochStart() {
    }

    /** Asks the broker at host:port; empty when it does not lead the partition or answers with an error. */
    public static Optional<Answer> ask(String host, int port, int brokerId, String topic, int partition, int timeoutMs) throws IOException {
        return ask(NodeDialer.PLAIN, host, port, brokerId, topic, partition, timeoutMs);
    }

    /** The same, asked through {@code dialer} (a secured listener's login). */
    public static Optional<Answer> ask(NodeDialer dialer, String host, int port, int brokerId, String topic, int partition, int timeoutMs)
            throws IOException {
        MetadataResponse m = (MetadataResponse) dialer.send(brokerId, host, port,
                new MetadataRequest.Builder(List.of(topic), false, METADATA_VERSION, METADATA_VERSION), METADATA_VERSION, timeoutMs);
        MetadataResponseData.MetadataResponseTopic t = m.data().topics().find(topic);
        if (t == null || t.errorCode() != Errors.NONE.code()) return Optional.empty();
        Optional<MetadataResponseData.MetadataResponsePartition> p = t.partitions().stream().filter(x -> x.partitionIndex() == partition).findFirst();
        if (p.isEmpty() || p.get().errorCode() != Errors.NONE.code() || p.get().leaderId() != brokerId) return Optional.empty();
        int epoch = p.get().leaderEpoch();
        OffsetForLeaderTopicCollection topics = new OffsetForLeaderTopicCollection();
        topics.add(new OffsetForLeaderTopic().setTopic(topic).setPartitions(List.of(new OffsetForLeaderPartition()
                .setPartition(partition).setCurrentLeaderEpoch(epoch).setLeaderEpoch(epoch - 1))));
        OffsetsForLeaderEpochResponse r = (OffsetsForLeaderEpochResponse) dialer.send(brokerId, host, port,
                OffsetsForLeaderEpochRequest.Builder.forConsumer(topics), EPOCH_VERSION, timeoutMs);
        OffsetForLeaderEpochResponseData.OffsetForLeaderTopicResult rt = r.data().topics().find(topic);
        if (rt == null) return Optional.empty();
        return rt.partitions().stream().filter(x -> x.partition() == partition)
                .filter(x -> x.errorCode() == Errors.NONE.code() && x.endOffset() >= 0)
                .findFirst().map(x -> new Answer(brokerId, epoch, x.endOffset()));
    }
}
