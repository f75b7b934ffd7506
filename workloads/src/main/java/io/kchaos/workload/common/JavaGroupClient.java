package io.kchaos.workload.common;

import io.kchaos.workload.GroupClient;
import io.kchaos.workload.ReadRecord;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A {@link GroupClient} over a built-in consumer. */
public record JavaGroupClient(Consumer<String, String> consumer) implements GroupClient {
    @Override
    public void subscribe(String topic, ConsumerRebalanceListener listener) {
        consumer.subscribe(List.of(topic), listener);
    }

    @Override
    public List<Polled> poll(Duration timeout) {
        List<Polled> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : consumer.poll(timeout)) out.add(new Polled(ReadRecord.of(r), r.leaderEpoch().orElse(-1)));
        return out;
    }

    @Override
    public long position(TopicPartition tp, Duration timeout) {
        return consumer.position(tp, timeout);
    }

    @Override
    public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions, Duration timeout) {
        return consumer.endOffsets(partitions, timeout);
    }

    @Override
    public void commitSync(Map<TopicPartition, Long> offsets, Map<TopicPartition, Integer> leaderEpochs, Duration timeout) {
        Map<TopicPartition, OffsetAndMetadata> request = new HashMap<>();
        offsets.forEach((tp, o) -> request.put(tp, new OffsetAndMetadata(o, Optional.ofNullable(leaderEpochs.get(tp)), "")));
        consumer.commitSync(request, timeout);
    }

    @Override
    public Map<TopicPartition, Long> committed(Collection<TopicPartition> partitions, Duration timeout) {
        Map<TopicPartition, Long> out = new HashMap<>();
        consumer.committed(Set.copyOf(partitions), timeout).forEach((tp, om) -> {
            if (om != null) out.put(tp, om.offset());
        });
        return out;
    }

    @Override
    public void close(Duration timeout) {
        consumer.close(CloseOptions.timeout(timeout));
    }

    @Override
    public void crash() {
        consumer.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP).withTimeout(Duration.ZERO));
    }
}
