package io.kchaos.workload.share;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The share group's end phase, once the producers have stopped and the consumers accept everything: reads each
 * partition's end offset, then waits until the group's start offset (the share-partition start offset, below which
 * every record is finished) reaches it, or until the workload's own acknowledgements finished every record below it
 * (Kafka persists the start offset before it applies an acknowledgement, so the reported one lags after the last),
 * or until nothing was delivered for {@code quiet} (any record still locked would have been released and delivered
 * again by then), and records one {@code share-catch-up} op with both and the group's assignment at the end (each
 * partition's members, by client id) — ok when every partition got there, info otherwise.
 */
final class ShareCatchUp {
    static final String F = ClientOps.SHARE_CATCH_UP;
    static final String FINISHED_BY_ACKS = "every record below the end offsets was accepted or rejected: Kafka persists "
            + "the start offset before applying an acknowledgement, so it lags after the last one";
    private static final long RETRY_MILLIS = 500;
    private static final String CLIENT_ID_PREFIX = "kchaos-share-";

    /** What the end phase reads from the cluster (the Admin API's reads are {@link ShareGroupReads}). */
    interface Reads {
        /** Partition number to end offset. */
        Map<Integer, Long> ends() throws Exception;

        /** The group's start offset of each partition that has one. */
        Map<Integer, Long> starts() throws Exception;

        /** Adds {@code "assignment": {"1": ["kchaos-share-294"]}} to {@code v}, or nothing when it cannot be read. */
        void assignment(ObjectNode v) throws InterruptedException;
    }

    /**
     * How long the end phase waits: {@code timeout} at most, until nothing was delivered ({@code deliveries}, a running
     * count) for {@code quiet}, or until {@code finished} holds every record below the end offsets.
     */
    record Wait(Duration timeout, Duration quiet, LongSupplier deliveries, FinishedOffsets finished) {
    }

    /** How the end phase ended. */
    enum End {
        /** The group's start offsets reached every end offset: the op is ok. */
        START_OFFSETS,
        /** They did not, but the workload's acknowledgements finished every record below the end offsets: info. */
        ACKS,
        /** Neither: nothing was delivered for the quiet time, or the time ran out: info. */
        GAVE_UP
    }

    private ShareCatchUp() {
    }

    /** Runs the end phase as process {@code process} and records its {@code share-catch-up} op. */
    static End run(Reads reads, HistoryWriter history, int process, Wait wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.timeout().toNanos();
        long delivered = wait.deliveries().getAsLong();
        long lastDelivery = System.nanoTime();
        history.invoke(process, F, null);
        Map<Integer, Long> ends = null;
        Map<Integer, Long> starts = new TreeMap<>();
        String lastError = null;
        End end = End.GAVE_UP;
        while (true) {
            try {
                if (ends == null) ends = reads.ends();
                boolean acked = wait.finished().allFinishedBelow(ends); // before the read: the starts read come after it
                starts = reads.starts();
                if (reached(starts, ends)) {
                    end = End.START_OFFSETS;
                    break;
                }
                lastError = "start offsets " + starts + " below end offsets " + ends;
                if (acked) {
                    end = End.ACKS;
                    lastError = FINISHED_BY_ACKS;
                    break;
                }
            } catch (Exception e) {
                if (e instanceof InterruptedException ie) throw ie;
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            if (System.nanoTime() - deadline >= 0) break;
            if (wait.deliveries().getAsLong() != delivered) {
                delivered = wait.deliveries().getAsLong();
                lastDelivery = System.nanoTime();
            } else if (System.nanoTime() - lastDelivery >= wait.quiet().toNanos()) {
                lastError = "nothing delivered for " + wait.quiet().toSeconds() + " s; " + lastError;
                break;
            }
            Thread.sleep(RETRY_MILLIS);
        }
        ObjectNode v = Json.object();
        offsets(v, ends, starts);
        if (end == End.ACKS) v.put("finished-by-acks", true);
        reads.assignment(v);
        boolean ok = end == End.START_OFFSETS;
        history.complete(process, ok ? OpType.OK : OpType.INFO, F, v,
                ok ? null : "the group's start offsets did not reach every end offset (" + lastError + ")");
        return end;
    }

    /** The client id of the share consumer whose incarnation starts as {@code process} (negative: a settings probe). */
    static String clientId(int process) {
        return CLIENT_ID_PREFIX + (process < 0 ? "probe" : String.valueOf(process));
    }

    /** Whether the group's start offsets reached every end offset (a partition without one has not). */
    private static boolean reached(Map<Integer, Long> starts, Map<Integer, Long> ends) {
        return FinishedOffsets.endsReached(ends, p -> starts.getOrDefault(p, -1L));
    }

    /** {@code end-offsets} and {@code group-start-offsets} of the partitions with both (one without a start is not judged). */
    private static void offsets(ObjectNode v, Map<Integer, Long> ends, Map<Integer, Long> starts) {
        ObjectNode e = v.putObject("end-offsets");
        ObjectNode s = v.putObject("group-start-offsets");
        if (ends == null) return;
        for (Map.Entry<Integer, Long> end : ends.entrySet()) {
            Long start = starts.get(end.getKey());
            if (start == null) continue;
            e.put(String.valueOf(end.getKey()), end.getValue());
            s.put(String.valueOf(end.getKey()), start);
        }
    }
}
