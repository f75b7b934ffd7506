package io.kchaos.workload.group;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.workload.GroupClient;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Collects the rebalance events Kafka delivers inside {@code poll()} (and {@code close()}), in order, for the completion
 * of the op during which they happened: {@code {"revoked": [1]}}, {@code {"lost": [1]}} and
 * {@code {"assigned": [0, 2], "positions": {"0": 17, "2": 40}}} — the position each newly assigned partition resumes
 * at, asked of the consumer in the callback (so taken from the group's committed offset, or the reset policy).
 * Also tells the member which partitions it holds now.
 */
final class RebalanceLog implements ConsumerRebalanceListener {
    private static final Duration POSITION_TIMEOUT = Duration.ofSeconds(2);

    /** What the member does when partitions come and go. */
    interface Holder {
        void assigned(Collection<TopicPartition> partitions);

        void revoked(Collection<TopicPartition> partitions);
    }

    private final GroupClient consumer;
    private final Holder holder;
    private final List<ObjectNode> events = new ArrayList<>();
    private volatile boolean silenced;

    RebalanceLog(GroupClient consumer, Holder holder) {
        this.consumer = consumer;
        this.holder = holder;
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        taken("revoked", partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        taken("lost", partitions);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        if (silenced || partitions.isEmpty()) return;
        holder.assigned(partitions);
        ObjectNode e = Json.object();
        ArrayNode assigned = e.putArray("assigned");
        ObjectNode positions = e.putObject("positions");
        Map<Integer, TopicPartition> sorted = new TreeMap<>();
        partitions.forEach(tp -> sorted.put(tp.partition(), tp));
        sorted.forEach((p, tp) -> {
            assigned.add(p);
            try {
                positions.put(String.valueOf(p), consumer.position(tp, POSITION_TIMEOUT));
            } catch (RuntimeException ex) {
                // unknown: the checker then takes the first record read as the resume position
            }
        });
        events.add(e);
    }

    private void taken(String kind, Collection<TopicPartition> partitions) {
        if (silenced || partitions.isEmpty()) return;
        holder.revoked(partitions);
        ObjectNode e = Json.object();
        ArrayNode a = e.putArray(kind);
        new TreeSet<>(partitions.stream().map(TopicPartition::partition).toList()).forEach(a::add);
        events.add(e);
    }

    /** Moves the events collected so far into value's {@code rebalance} array (nothing when there were none). */
    ObjectNode drainInto(ObjectNode value) {
        if (!events.isEmpty()) {
            ArrayNode a = value.putArray("rebalance");
            events.forEach(a::add);
            events.clear();
        }
        return value;
    }

    /** From now on events are ignored (a crashed consumer observes nothing). */
    void silence() {
        silenced = true;
    }
}
