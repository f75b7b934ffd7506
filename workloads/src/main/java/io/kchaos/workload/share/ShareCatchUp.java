package io.kchaos.workload.share;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.AdminOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The share group's end phase, once the producers have stopped and the consumers accept everything: reads each
 * partition's end offset, then waits until the group's start offset (the share-partition start offset, below which
 * every record is finished) reaches it, or until nothing was delivered for {@code quiet} (any record still locked would
 * have been released and delivered again by then), and records one {@code share-catch-up} op with both and the group's
 * assignment at the end (each partition's members, by client id) — ok when every partition got there, info otherwise.
 */
final class ShareCatchUp {
    static final String F = ClientOps.SHARE_CATCH_UP;
    private static final long RETRY_MILLIS = 500;
    private static final String CLIENT_ID_PREFIX = "kchaos-share-";

    private ShareCatchUp() {
    }

    /** Runs the end phase; returns true when the group's start offsets reached every end offset. */
    static boolean run(Admin admin, String group, List<TopicPartition> partitions, HistoryWriter history, int process,
                       Duration timeout, LongSupplier deliveries, Duration quiet) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long delivered = deliveries.getAsLong();
        long lastDelivery = System.nanoTime();
        history.invoke(process, F, null);
        Map<Integer, Long> ends = null;
        Map<Integer, Long> starts = new TreeMap<>();
        String lastError = null;
        boolean all = false;
        while (true) {
            try {
                if (ends == null) ends = AdminOffsets.ends(admin, partitions);
                starts = startOffsets(admin, group, partitions);
                all = true;
                for (Map.Entry<Integer, Long> e : ends.entrySet()) all &= starts.getOrDefault(e.getKey(), -1L) >= e.getValue();
                if (all) break;
                lastError = "start offsets " + starts + " below end offsets " + ends;
            } catch (Exception e) {
                if (e instanceof InterruptedException ie) throw ie;
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            if (System.nanoTime() - deadline >= 0) break;
            if (deliveries.getAsLong() != delivered) {
                delivered = deliveries.getAsLong();
                lastDelivery = System.nanoTime();
            } else if (System.nanoTime() - lastDelivery >= quiet.toNanos()) {
                lastError = "nothing delivered for " + quiet.toSeconds() + " s; " + lastError;
                break;
            }
            Thread.sleep(RETRY_MILLIS);
        }
        ObjectNode v = Json.object();
        ObjectNode e = v.putObject("end-offsets");
        ObjectNode s = v.putObject("group-start-offsets");
        if (ends != null) {
            for (Map.Entry<Integer, Long> end : ends.entrySet()) {
                Long start = starts.get(end.getKey());
                if (start == null) continue; // unknown: not judged
                e.put(String.valueOf(end.getKey()), end.getValue());
                s.put(String.valueOf(end.getKey()), start);
            }
        }
        assignment(admin, group, v);
        history.complete(process, all ? OpType.OK : OpType.INFO, F, v,
                all ? null : "the group's start offsets did not reach every end offset (" + lastError + ")");
        return all;
    }

    /** The client id of the share consumer whose incarnation starts as {@code process} (negative: a settings probe). */
    static String clientId(int process) {
        return CLIENT_ID_PREFIX + (process < 0 ? "probe" : String.valueOf(process));
    }

    /**
     * {@code "assignment": {"1": ["kchaos-share-294"]}}: the members each partition of the topic is assigned to now; left
     * out when the group cannot be described (the op stays as it is).
     */
    private static void assignment(Admin admin, String group, ObjectNode v) throws InterruptedException {
        ShareGroupDescription d;
        try {
            d = admin.describeShareGroups(List.of(group)).describedGroups().get(group).get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return;
        }
        Map<Integer, TreeSet<String>> byPartition = new TreeMap<>();
        for (ShareMemberDescription m : d.members()) {
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                byPartition.computeIfAbsent(tp.partition(), p -> new TreeSet<>()).add(m.clientId());
            }
        }
        ObjectNode a = v.putObject("assignment");
        byPartition.forEach((p, clients) -> clients.forEach(a.withArray(String.valueOf(p))::add));
    }

    /** The group's start offset of each partition that has one. */
    private static Map<Integer, Long> startOffsets(Admin admin, String group, List<TopicPartition> partitions) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> r = admin.listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec().topicPartitions(partitions)))
                .partitionsToOffsetAndMetadata(group).get(5, TimeUnit.SECONDS);
        Map<Integer, Long> out = new TreeMap<>();
        r.forEach((tp, om) -> {
            if (om != null) out.put(tp.partition(), om.offset());
        });
        return out;
    }
}
