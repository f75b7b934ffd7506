package io.kchaos.workload.group;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.AdminOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The group's end phase, once the producers have stopped: reads each partition's end offset, then waits until the
 * group's committed offsets reach them (the members keep consuming meanwhile), and records it as one {@code catch-up}
 * op: {@code {"end-offsets": {...}, "committed": {...}}} listing in end-offsets only the partitions the group caught up
 * on — ok when all did, info otherwise. Every record below those end offsets must then have been polled by the group.
 */
final class CatchUp {
    static final String F = ClientOps.CATCH_UP;
    private static final long RETRY_MILLIS = 500;

    private CatchUp() {
    }

    /** Runs the end phase; returns true when the group caught up on every partition within the timeout. */
    static boolean run(Admin admin, String group, List<TopicPartition> partitions, HistoryWriter history, int process,
                       Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        history.invoke(process, F, null);
        Map<Integer, Long> ends = null;
        Map<Integer, Long> committed = new TreeMap<>();
        Map<Integer, Long> caught = new TreeMap<>();
        String lastError = null;
        while (true) {
            try {
                if (ends == null) ends = AdminOffsets.ends(admin, partitions);
                committed = committed(admin, group);
                caught = new TreeMap<>();
                List<Integer> behind = new java.util.ArrayList<>();
                for (Map.Entry<Integer, Long> e : ends.entrySet()) {
                    if (committed.getOrDefault(e.getKey(), 0L) >= e.getValue()) caught.put(e.getKey(), e.getValue());
                    else behind.add(e.getKey());
                }
                if (behind.isEmpty()) break;
                lastError = "partitions still behind: " + behind;
            } catch (Exception e) {
                if (e instanceof InterruptedException ie) throw ie;
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            if (System.nanoTime() - deadline >= 0) break;
            Thread.sleep(RETRY_MILLIS);
        }
        ObjectNode v = Json.object();
        ObjectNode e = v.putObject("end-offsets");
        caught.forEach((p, o) -> e.put(String.valueOf(p), o));
        ObjectNode c = v.putObject("committed");
        committed.forEach((p, o) -> c.put(String.valueOf(p), o));
        boolean all = caught.size() == partitions.size();
        history.complete(process, all ? OpType.OK : OpType.INFO, F, v,
                all ? null : "the group did not catch up within " + timeout.toSeconds() + " s (" + lastError + ")");
        return all;
    }

    private static Map<Integer, Long> committed(Admin admin, String group) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> r = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                .get(5, TimeUnit.SECONDS);
        Map<Integer, Long> out = new TreeMap<>();
        r.forEach((tp, om) -> {
            if (om != null) out.put(tp.partition(), om.offset());
        });
        return out;
    }
}
