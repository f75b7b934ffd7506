package io.kchaos.workload.share;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The share group's cold start, before the run's clock and faults begin: the brokers create {@code __share_group_state}
 * (50 partitions) on the group's first fetch, load its share coordinators and initialize each share-partition, which
 * took 15–25 s on a loaded 2-core machine; a fault in that window left short runs with nothing delivered at all. Waits
 * until the group has a start offset for every partition.
 */
final class ShareGroupReady {
    private static final long RETRY_MILLIS = 500;

    private ShareGroupReady() {
    }

    /** Waits until every partition has a group start offset; false when {@code timeout} passed first. */
    static boolean await(Admin admin, String group, List<TopicPartition> partitions, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                Map<Integer, Long> starts = ShareCatchUp.startOffsets(admin, group, partitions);
                if (partitions.stream().allMatch(tp -> starts.containsKey(tp.partition()))) return true;
            } catch (Exception e) {
                if (e instanceof InterruptedException ie) throw ie;
                // not yet: the group or its state topic does not exist
            }
            if (System.nanoTime() - deadline >= 0) return false;
            Thread.sleep(RETRY_MILLIS);
        }
    }
}
