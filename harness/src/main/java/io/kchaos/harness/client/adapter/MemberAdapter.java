package io.kchaos.harness.client.adapter;

import io.kchaos.harness.client.ClientBridge;
import io.kchaos.workload.GroupClient;
import io.kchaos.workload.ReadRecord;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * One group member of the release behind {@link ClientBridge.Member}. Its calls ({@code subscribe} with a
 * {@code ConsumerRebalanceListener} and its {@code onPartitionsLost} (2.4), {@code poll(Duration)},
 * {@code ConsumerRecord.leaderEpoch()} and the epoch-carrying {@code OffsetAndMetadata} (2.1), {@code position},
 * {@code endOffsets}, {@code commitSync} and {@code committed} with a Duration, {@code close(Duration)}) are the same in
 * kafka-clients 3.0 to 4.4; the crash is the adapter's ({@link ReleaseAdapter41}).
 */
final class MemberAdapter implements ClientBridge.Member {
    private final KafkaConsumer<String, String> c;
    private final Consumer<KafkaConsumer<String, String>> crash;
    private String topic;

    MemberAdapter(KafkaConsumer<String, String> c, Consumer<KafkaConsumer<String, String>> crash) {
        this.c = c;
        this.crash = crash;
    }

    @Override
    public void subscribe(String topic, ClientBridge.Rebalance listener) {
        this.topic = topic;
        c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                listener.revoked(numbers(partitions));
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                listener.lost(numbers(partitions));
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                listener.assigned(numbers(partitions));
            }
        });
    }

    @Override
    public List<GroupClient.Polled> poll(long timeoutMillis) {
        List<GroupClient.Polled> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(timeoutMillis))) {
            out.add(new GroupClient.Polled(new ReadRecord(r.partition(), r.offset(), r.key(), r.value()), r.leaderEpoch().orElse(-1)));
        }
        return out;
    }

    @Override
    public long position(int partition, long timeoutMillis) {
        return c.position(new TopicPartition(topic, partition), Duration.ofMillis(timeoutMillis));
    }

    @Override
    public Map<Integer, Long> endOffsets(List<Integer> partitions, long timeoutMillis) {
        return byNumber(c.endOffsets(partitions(partitions), Duration.ofMillis(timeoutMillis)));
    }

    @Override
    public void commitSync(Map<Integer, Long> offsets, Map<Integer, Integer> leaderEpochs, long timeoutMillis) {
        Map<TopicPartition, OffsetAndMetadata> request = new HashMap<>();
        offsets.forEach((p, o) -> request.put(new TopicPartition(topic, p), new OffsetAndMetadata(o, Optional.ofNullable(leaderEpochs.get(p)), "")));
        c.commitSync(request, Duration.ofMillis(timeoutMillis));
    }

    @Override
    public Map<Integer, Long> committed(List<Integer> partitions, long timeoutMillis) {
        Map<Integer, Long> out = new TreeMap<>();
        c.committed(new HashSet<>(partitions(partitions)), Duration.ofMillis(timeoutMillis)).forEach((tp, om) -> {
            if (om != null) out.put(tp.partition(), om.offset());
        });
        return out;
    }

    @Override
    @SuppressWarnings("deprecation") // close(CloseOptions), its 4.1 replacement, is missing before 4.1; close(Duration) is in all
    public void close(long timeoutMillis) {
        c.close(Duration.ofMillis(timeoutMillis));
    }

    @Override
    public void crash() {
        crash.accept(c);
    }

    private List<TopicPartition> partitions(List<Integer> numbers) {
        List<TopicPartition> out = new ArrayList<>();
        for (int p : numbers) out.add(new TopicPartition(topic, p));
        return out;
    }

    private static List<Integer> numbers(Collection<TopicPartition> partitions) {
        List<Integer> out = new ArrayList<>();
        for (TopicPartition tp : partitions) out.add(tp.partition());
        return out;
    }

    private static Map<Integer, Long> byNumber(Map<TopicPartition, Long> offsets) {
        Map<Integer, Long> out = new TreeMap<>();
        offsets.forEach((tp, o) -> out.put(tp.partition(), o));
        return out;
    }
}
