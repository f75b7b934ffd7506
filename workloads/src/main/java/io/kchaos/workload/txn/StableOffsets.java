package io.kchaos.workload.txn;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Waits until no transaction is open on the topic: every partition's last stable offset (the end a read_committed
 * consumer sees) equals its high watermark. Until then committed records may still wait for their commit markers, so a
 * read_committed drain would stop short of them.
 */
final class StableOffsets {
    private static final long RETRY_MILLIS = 500;

    private StableOffsets() {
    }

    /** Returns the partitions still not stable when the timeout passed (empty when all are). */
    static List<Integer> await(Admin admin, List<TopicPartition> partitions, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Integer> unstable = numbers(partitions);
        while (true) {
            try {
                Map<TopicPartition, Long> stable = latest(admin, partitions, IsolationLevel.READ_COMMITTED);
                Map<TopicPartition, Long> end = latest(admin, partitions, IsolationLevel.READ_UNCOMMITTED);
                unstable = new ArrayList<>();
                for (TopicPartition tp : partitions) {
                    if (!stable.get(tp).equals(end.get(tp))) unstable.add(tp.partition());
                }
                if (unstable.isEmpty()) return unstable;
            } catch (Exception e) {
                if (e instanceof InterruptedException ie) throw ie;
            }
            if (System.nanoTime() - deadline >= 0) return unstable;
            Thread.sleep(RETRY_MILLIS);
        }
    }

    private static Map<TopicPartition, Long> latest(Admin admin, List<TopicPartition> partitions, IsolationLevel level)
            throws Exception {
        Map<TopicPartition, OffsetSpec> spec = new HashMap<>();
        partitions.forEach(tp -> spec.put(tp, OffsetSpec.latest()));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> r = admin.listOffsets(spec,
                new ListOffsetsOptions(level)).all().get(5, TimeUnit.SECONDS);
        Map<TopicPartition, Long> out = new HashMap<>();
        r.forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    private static List<Integer> numbers(List<TopicPartition> partitions) {
        return partitions.stream().map(TopicPartition::partition).toList();
    }
}
