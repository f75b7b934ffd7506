package io.kchaos.bench.dedup;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.storage.internals.log.AppendOrigin;
import org.apache.kafka.storage.internals.log.BatchMetadata;
import org.apache.kafka.storage.internals.log.LogOffsetMetadata;
import org.apache.kafka.storage.internals.log.ProducerAppendInfo;
import org.apache.kafka.storage.internals.log.ProducerStateEntry;
import org.apache.kafka.storage.internals.log.ProducerStateManager;
import org.apache.kafka.storage.internals.log.ProducerStateManagerConfig;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The duplicate-window finding in Kafka's own terms, against the {@code ProducerStateManager} of whichever
 * {@code kafka-storage} jar is on the class path: six one-record batches of one producer, then, before and after the
 * snapshot round trip a broker restart makes, which retries the broker would answer as duplicates. Prints one line of
 * {@code key=value} fields ({@link DedupWindowOutcome} reads it). Compiled against 4.4.0 using only the methods whose
 * signatures are the same from 3.7.0 on, so one class file runs on every release.
 */
public final class DedupWindowProbe {
    static final long PRODUCER_ID = 1000L;
    static final short EPOCH = 0;
    static final int BATCHES = 6;
    /** The retry the finding is about: the fifth-last of six batches, inside the five-batch window. */
    static final int RETRIED_SEQUENCE = 1;

    private DedupWindowProbe() {
    }

    public static void main(String[] args) throws IOException {
        File dir = Files.createTempDirectory("kchaos-dedup-window-probe").toFile();
        try {
            System.out.println(probe(dir));
        } finally {
            for (File f : dir.listFiles()) f.delete();
            dir.delete();
        }
    }

    static String probe(File dir) throws IOException {
        TopicPartition tp = new TopicPartition("raw", 0);
        ProducerStateManager live = manager(tp, dir);
        for (int seq = 0; seq < BATCHES; seq++) {
            // What UnifiedLog.append does for one record at offset == seq: validate, then update the producer's state.
            ProducerAppendInfo info = live.prepareUpdate(PRODUCER_ID, AppendOrigin.CLIENT);
            info.appendDataBatch(EPOCH, seq, seq, System.currentTimeMillis(), new LogOffsetMetadata(seq), seq, false);
            live.update(info);
            live.updateMapEndOffset(seq + 1);
        }
        List<Integer> before = recognised(live);
        String retryBefore = answer(live, RETRIED_SEQUENCE);
        // A clean shutdown snapshots at the log end (UnifiedLog.close); crash recovery writes one at the end of the
        // recovered segments (LogLoader.recoverSegment). The restarted broker's log then loads from it.
        live.takeSnapshot();
        ProducerStateManager restarted = manager(tp, dir);
        restarted.truncateAndReload(0L, BATCHES, System.currentTimeMillis());
        List<Integer> after = recognised(restarted);
        String retryAfter = answer(restarted, RETRIED_SEQUENCE);
        return "storage-jar=" + new File(ProducerStateManager.class.getProtectionDomain().getCodeSource().getLocation().getPath()).getName()
                + "\twindow-before=" + join(before)
                + "\twindow-after=" + join(after)
                + "\tretry-before=" + retryBefore
                + "\tretry-after=" + retryAfter;
    }

    private static ProducerStateManager manager(TopicPartition tp, File dir) throws IOException {
        return new ProducerStateManager(tp, dir, 60_000, new ProducerStateManagerConfig(86_400_000, false), Time.SYSTEM);
    }

    /** The sequences of the producer's batches whose retry the broker would answer as a duplicate. */
    private static List<Integer> recognised(ProducerStateManager manager) {
        List<Integer> seqs = new ArrayList<>();
        for (int seq = 0; seq < BATCHES; seq++) {
            if (duplicateOf(manager, seq).isPresent()) seqs.add(seq);
        }
        return seqs;
    }

    /**
     * What the broker answers a retry of the one-record batch {@code seq}, as UnifiedLog.analyzeAndValidateProducerState
     * decides it: a duplicate of a retained batch (ProducerStateEntry.findDuplicateBatch: same epoch, same first and
     * last sequence) is answered with that batch's offset; anything else goes through the append's sequence check.
     */
    static String answer(ProducerStateManager manager, int seq) {
        Optional<BatchMetadata> dup = duplicateOf(manager, seq);
        if (dup.isPresent()) return "DUPLICATE@" + dup.get().firstOffset();
        try {
            ProducerAppendInfo info = manager.prepareUpdate(PRODUCER_ID, AppendOrigin.CLIENT);
            info.appendDataBatch(EPOCH, seq, seq, System.currentTimeMillis(), new LogOffsetMetadata(BATCHES), BATCHES, false);
            return "APPENDED-AGAIN";
        } catch (OutOfOrderSequenceException e) {
            return "OUT_OF_ORDER_SEQUENCE_NUMBER(" + e.getMessage().replaceAll("\\s+", " ") + ")";
        }
    }

    private static Optional<BatchMetadata> duplicateOf(ProducerStateManager manager, int seq) {
        Optional<ProducerStateEntry> entry = manager.lastEntry(PRODUCER_ID);
        if (entry.isEmpty() || entry.get().producerEpoch() != EPOCH) return Optional.empty();
        // one-record batches: first sequence == last sequence (BatchMetadata.lastSeq is a field before 4.0, a method after)
        return entry.get().batchMetadata().stream().filter(b -> b.firstSeq() == seq).findFirst();
    }

    private static String join(List<Integer> seqs) {
        return seqs.isEmpty() ? "-" : seqs.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElseThrow();
    }
}
