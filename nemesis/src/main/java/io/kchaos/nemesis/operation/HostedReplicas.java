package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a decommissioned broker still hosts, read back two ways: the partitions whose replica set, in the metadata,
 * names it, and the partition directories it reports ({@code describeLogDirs}), of every topic but the metadata log.
 */
final class HostedReplicas {
    private HostedReplicas() {
    }

    /**
     * The partitions {@code broker} hosts by either read, ordered as {@code where} orders them; empty when either read
     * failed.
     */
    static Optional<Set<TopicPartition>> on(NemesisContext ctx, EveryTopicPlacement where, int broker) {
        Optional<Set<TopicPartition>> dirs = ctx.operations().partitionDirs(broker);
        return ctx.operations().everyPartition().flatMap(all -> dirs.map(d -> {
            Set<TopicPartition> out = new TreeSet<>(where.order());
            all.forEach((tp, r) -> {
                if (r.replicas().contains(broker)) out.add(tp);
            });
            out.addAll(d);
            return out;
        }));
    }

    /**
     * Waits until {@code broker} is read back hosting no partition, writing into {@code value} what it last read:
     * {@code hosted-after} (how many; absent while unread) and, when some, {@code hosted-after-partitions}, named as
     * {@code where} names them. Past {@code bound} it throws {@link FaultNotHeld}.
     */
    static void awaitNone(NemesisContext ctx, EveryTopicPlacement where, int broker, ObjectNode value, Duration bound) {
        EffectWait.until("broker " + broker + " hosting no replica of any topic", bound, () -> {
            Optional<Set<TopicPartition>> hosted = on(ctx, where, broker);
            value.remove("hosted-after-partitions");
            if (hosted.isEmpty()) value.remove("hosted-after");
            hosted.ifPresent(h -> record(where, h, value));
            return hosted;
        }, h -> h.isPresent() && h.get().isEmpty(), h -> h.map(s -> s.stream().map(where::name).toList().toString())
                .orElse("unreadable (the metadata or the broker's log dirs)"));
    }

    private static void record(EveryTopicPlacement where, Set<TopicPartition> hosted, ObjectNode value) {
        value.put("hosted-after", hosted.size());
        if (hosted.isEmpty()) return;
        ArrayNode names = value.putArray("hosted-after-partitions");
        hosted.stream().sorted(where.order()).map(where::name).forEach(names::add);
    }
}
