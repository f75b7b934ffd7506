package io.kchaos.workload.common;

import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The final read: a fresh consumer reads every partition from its log start offset up to the end offset (the high
 * watermark) it had when the drain began, and records the result as {@code drain} ops of one process, split by
 * {@link DrainAssembler}. Bounded by a timeout: partitions not read completely by then are not listed in any op's
 * end-offsets, and a warning goes to stderr. A partition whose next record the consumer cannot read (a batch that
 * fails its check, e.g. a corrupt segment on the leader) is not read further: the consumer re-throws that error on
 * every poll until it is told to seek past the record, so the drain pauses it at once, warns, and reads the others.
 * The last op tells, for each partition not read completely, where the read stopped, the end offset it aimed at, that
 * error, how long the position had not moved, and the partition's leader then ({@link DrainStop}). If the offsets
 * cannot be fetched at all, the open op completes as info. The consumer resets nothing by itself
 * ({@link #SETTINGS}: {@code auto.offset.reset=none}): when retention moves a partition's log start past its position
 * mid-drain, the drain reads the new log start, reports it as the partition's start offset and goes on from there (what
 * lies below is judged against the topic's retention, not read as lost); an offset above the log's end (a truncated
 * log) stops that partition's read with the error.
 */
public final class Drainer {
    static final String F = ClientOps.DRAIN;
    private static final Duration OFFSETS_TIMEOUT = Duration.ofSeconds(5);
    /** How the consumer's error for a record it cannot read begins (kafka-clients' CompletedFetch), before "topic-p.". */
    private static final String UNREADABLE_RECORD = "Received exception when fetching the next record from ";

    /** The settings every drain consumer is built with: no reset of its position behind the drain's back. */
    public static final Map<String, String> SETTINGS = Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");

    private final Supplier<Consumer<String, String>> consumers;
    private TopicLayout layout;
    private List<TopicPartition> partitions;
    private final HistoryWriter history;
    private final WorkloadStats stats;
    private final int process;
    private final Duration timeout;
    private final int maxRecordsPerOp;
    private boolean open;

    public Drainer(Supplier<Consumer<String, String>> consumers, TopicLayout layout, HistoryWriter history,
            WorkloadStats stats, int process, Duration timeout, int maxRecordsPerOp) {
        this.consumers = consumers;
        this.layout = layout;
        this.partitions = layout.all();
        this.history = history;
        this.stats = stats;
        this.process = process;
        this.timeout = timeout;
        this.maxRecordsPerOp = maxRecordsPerOp;
    }

    /** Runs the drain; returns true when every partition was read completely. */
    public boolean run() {
        long deadline = System.nanoTime() + timeout.toNanos();
        invoke();
        Consumer<String, String> c = null;
        try {
            c = consumers.get();
            return drain(c, deadline);
        } catch (RuntimeException e) {
            if (open) history.complete(process, OpType.INFO, F, null, SendErrorClassifier.describe(e));
            open = false;
            System.err.println("warning: drain failed: " + SendErrorClassifier.describe(e));
            return false;
        } finally {
            if (c != null) ConsumerWorker.close(c);
        }
    }

    private boolean drain(Consumer<String, String> c, long deadline) {
        follow(c, deadline);
        c.assign(partitions);
        Map<TopicPartition, Long> start = retry(() -> c.beginningOffsets(partitions, OFFSETS_TIMEOUT), deadline);
        Map<TopicPartition, Long> end = retry(() -> c.endOffsets(partitions, OFFSETS_TIMEOUT), deadline);
        DrainAssembler assembler = new DrainAssembler(maxRecordsPerOp, this::write);
        assembler.begin(layout.byHistoryPartition(start), layout.byHistoryPartition(end));
        start.forEach(c::seek);
        Map<Integer, String> unreadable = new TreeMap<>();
        RuntimeException lastError = read(c, assembler, unreadable, deadline);
        boolean complete = assembler.incomplete().isEmpty();
        if (!complete) {
            boolean timedOut = !unreadable.keySet().containsAll(assembler.incomplete());
            System.err.println("warning: drain: partitions " + assembler.incomplete() + " not read completely"
                    + (timedOut ? " within " + timeout.toSeconds() + " s" : "") + "; they are not listed in end-offsets"
                    + (lastError == null ? "" : " (last error: " + SendErrorClassifier.describe(lastError) + ")"));
        }
        assembler.finish(unreadable, complete ? Map.of() : leaders(c, assembler.incomplete()));
        return complete;
    }

    /**
     * Polls until every partition is complete or unreadable, or the deadline passes; returns the last poll error, if
     * any. A partition the consumer cannot read past joins {@code unreadable}, with the error, and is paused.
     */
    private RuntimeException read(Consumer<String, String> c, DrainAssembler assembler, Map<Integer, String> unreadable, long deadline) {
        RuntimeException lastError = null;
        while (!unreadable.keySet().containsAll(assembler.incomplete()) && System.nanoTime() - deadline < 0) {
            try {
                ConsumerRecords<String, String> polled = c.poll(ConsumerWorker.POLL_TIMEOUT);
                for (ConsumerRecord<String, String> r : polled) {
                    if (assembler.add(layout.inHistory(r))) stats.drained.increment();
                }
                for (int p : List.copyOf(assembler.incomplete())) {
                    if (!unreadable.containsKey(p)) assembler.positionReached(p, c.position(partitions.get(p), OFFSETS_TIMEOUT)); // list index = history partition
                }
            } catch (OffsetOutOfRangeException e) {
                lastError = e;
                outOfRange(c, e, assembler, unreadable);
            } catch (RuntimeException e) {
                lastError = e;
                OptionalInt stuck = unreadablePartition(e, partitions);
                if (stuck.isPresent() && !unreadable.containsKey(stuck.getAsInt())) {
                    TopicPartition tp = partitions.get(stuck.getAsInt());
                    String why = SendErrorClassifier.describe(e.getCause() == null ? e : e.getCause());
                    unreadable.put(stuck.getAsInt(), why);
                    c.pause(List.of(tp));
                    System.err.println("warning: drain: the record at offset " + positionOf(c, tp) + " of " + tp
                            + " cannot be read (" + why + "); the drain reads no further in that partition");
                } else {
                    sleepQuietly(ConsumerWorker.POLL_TIMEOUT.toMillis());
                }
            }
        }
        return lastError;
    }

    /**
     * A fetch whose offset the log no longer holds: below the log start (retention deleted it while the drain read), the
     * new log start becomes the partition's start offset and the read goes on from it; otherwise (above the log's end:
     * the log was truncated) the partition joins {@code unreadable} with the error and is paused.
     */
    private void outOfRange(Consumer<String, String> c, OffsetOutOfRangeException e, DrainAssembler assembler, Map<Integer, String> unreadable) {
        Map<TopicPartition, Long> starts = c.beginningOffsets(e.partitions(), OFFSETS_TIMEOUT);
        for (Map.Entry<TopicPartition, Long> at : e.offsetOutOfRangePartitions().entrySet()) {
            TopicPartition tp = at.getKey();
            int p = partitions.indexOf(tp);
            if (p < 0) continue;
            Long start = starts.get(tp);
            if (start != null && at.getValue() < start) {
                assembler.logStartMoved(p, start); // list index = history partition
                c.seek(tp, start);
                System.err.println("warning: drain: the log start of " + tp + " moved to " + start + " past the drain's position "
                        + at.getValue() + " (retention); the drain goes on from it");
            } else {
                unreadable.put(p, "offset " + at.getValue() + " out of range (log start " + start + "): the log no longer reaches it");
                c.pause(List.of(tp));
                System.err.println("warning: drain: " + tp + " no longer holds offset " + at.getValue() + "; the drain reads no further in it");
            }
        }
    }

    /**
     * The leaders of the given partitions as the metadata names them when the drain ends ({@link DrainStop#NO_LEADER}
     * for none); a partition whose topic's metadata cannot be read is left out (its leader unknown).
     */
    private Map<Integer, Integer> leaders(Consumer<String, String> c, SortedSet<Integer> wanted) {
        Map<Integer, Integer> leaders = new TreeMap<>();
        Map<String, List<PartitionInfo>> byTopic = new HashMap<>();
        for (int p : wanted) {
            TopicPartition tp = partitions.get(p);
            try {
                List<PartitionInfo> infos = byTopic.computeIfAbsent(tp.topic(), t -> c.partitionsFor(t, OFFSETS_TIMEOUT));
                for (PartitionInfo info : infos == null ? List.<PartitionInfo>of() : infos) {
                    if (info.partition() != tp.partition()) continue;
                    Node leader = info.leader();
                    leaders.put(p, leader == null || leader.isEmpty() ? DrainStop.NO_LEADER : leader.id());
                }
            } catch (RuntimeException e) {
                System.err.println("warning: drain: the leader of " + tp + " could not be read: " + SendErrorClassifier.describe(e));
            }
        }
        return leaders;
    }

    /** Takes in the partitions the topic gained since the layout was made, so the drain reads them too. */
    private void follow(Consumer<String, String> c, long deadline) {
        if (layout.named()) return;
        List<PartitionInfo> now = retry(() -> c.partitionsFor(layout.topics().get(0), OFFSETS_TIMEOUT), deadline);
        TopicLayout grown = layout.grown(now == null ? 0 : now.size());
        if (grown == layout) return;
        layout = grown;
        partitions = grown.all();
    }

    /**
     * The partition (its index in {@code partitions}) whose next record the consumer reports it cannot read: its
     * "Received exception when fetching the next record from topic-p" error, which it repeats until a seek.
     */
    static OptionalInt unreadablePartition(RuntimeException e, List<TopicPartition> partitions) {
        if (!(e instanceof KafkaException) || e.getMessage() == null) return OptionalInt.empty();
        for (int i = 0; i < partitions.size(); i++) {
            if (e.getMessage().startsWith(UNREADABLE_RECORD + partitions.get(i) + ".")) return OptionalInt.of(i);
        }
        return OptionalInt.empty();
    }

    private void write(DrainChunk chunk, boolean last) {
        history.complete(process, OpType.OK, F, chunk.toJson(), null);
        open = false;
        if (!last) invoke();
    }

    private void invoke() {
        history.invoke(process, F, null);
        open = true;
    }

    /** The consumer's position in {@code tp}, or "?" when it cannot say. */
    private static String positionOf(Consumer<String, String> c, TopicPartition tp) {
        try {
            return String.valueOf(c.position(tp, OFFSETS_TIMEOUT));
        } catch (RuntimeException e) {
            return "?";
        }
    }

    /** Calls {@code call} until it succeeds; after the deadline its last error is thrown. */
    private static <T> T retry(Supplier<T> call, long deadline) {
        while (true) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                if (System.nanoTime() - deadline >= 0) throw e;
                sleepQuietly(500);
            }
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
