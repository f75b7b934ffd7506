package io.kchaos.harness.client;

import io.kchaos.workload.GroupClient;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link GroupClient} over a group member of an isolated release: partitions cross the bridge as numbers of the one
 * subscribed topic, rebalance events reach the built-in listener as built-in {@link TopicPartition}s, and every error
 * is the built-in exception ({@link ReleaseErrors}).
 */
final class ReleaseGroupClient implements GroupClient {
    private final ClientBridge.Member m;
    private String topic;

    ReleaseGroupClient(ClientBridge.Member m) {
        this.m = m;
    }

    @Override
    public void subscribe(String topic, ConsumerRebalanceListener listener) {
        this.topic = topic;
        ReleaseErrors.run(() -> m.subscribe(topic, new ClientBridge.Rebalance() {
            @Override
            public void revoked(List<Integer> partitions) {
                listener.onPartitionsRevoked(partitions(partitions));
            }

            @Override
            public void lost(List<Integer> partitions) {
                listener.onPartitionsLost(partitions(partitions));
            }

            @Override
            public void assigned(List<Integer> partitions) {
                listener.onPartitionsAssigned(partitions(partitions));
            }
        }));
    }

    @Override
    public List<Polled> poll(Duration timeout) {
        return ReleaseErrors.call(() -> m.poll(timeout.toMillis()));
    }

    @Override
    public long position(TopicPartition tp, Duration timeout) {
        return ReleaseErrors.call(() -> m.position(tp.partition(), timeout.toMillis()));
    }

    @Override
    public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions, Duration timeout) {
        return byPartition(ReleaseErrors.call(() -> m.endOffsets(numbers(partitions), timeout.toMillis())));
    }

    @Override
    public void commitSync(Map<TopicPartition, Long> offsets, Map<TopicPartition, Integer> leaderEpochs, Duration timeout) {
        Map<Integer, Long> o = new HashMap<>();
        offsets.forEach((tp, offset) -> o.put(tp.partition(), offset));
        Map<Integer, Integer> e = new HashMap<>();
        leaderEpochs.forEach((tp, epoch) -> e.put(tp.partition(), epoch));
        ReleaseErrors.run(() -> m.commitSync(o, e, timeout.toMillis()));
    }

    @Override
    public Map<TopicPartition, Long> committed(Collection<TopicPartition> partitions, Duration timeout) {
        return byPartition(ReleaseErrors.call(() -> m.committed(numbers(partitions), timeout.toMillis())));
    }

    @Override
    public void close(Duration timeout) {
        ReleaseErrors.run(() -> m.close(timeout.toMillis()));
    }

    @Override
    public void crash() {
        ReleaseErrors.run(m::crash);
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

    private Map<TopicPartition, Long> byPartition(Map<Integer, Long> offsets) {
        Map<TopicPartition, Long> out = new HashMap<>();
        offsets.forEach((p, o) -> out.put(new TopicPartition(topic, p), o));
        return out;
    }
}
