package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * The batch headers (producer id, epoch, base sequence) that hold given offsets of a topic, read from the brokers' log
 * dirs or replica digests; the first replica found holding an offset answers for it.
 */
public final class ProducerBatches {
    private final Map<TopicPartition, Map<Long, BatchInfo>> byOffset = new HashMap<>();

    private ProducerBatches() {
    }

    /** Reads the batches holding {@code wanted} offsets (by partition) of {@code topic} from each of {@code logDirs}. */
    public static ProducerBatches read(Collection<Path> logDirs, String topic, Map<Integer, ? extends Collection<Long>> wanted) {
        ProducerBatches found = new ProducerBatches();
        for (Path source : logDirs) {
            for (BrokerLogDir dir : LogDirSources.open(source, topic::equals)) {
                for (PartitionDir p : dir.partitions()) {
                    Collection<Long> offsets = wanted.get(p.topicPartition().partition());
                    if (offsets != null && !offsets.isEmpty()) found.scan(p, new TreeSet<>(offsets));
                }
            }
        }
        return found;
    }

    private void scan(PartitionDir p, NavigableSet<Long> offsets) {
        Map<Long, BatchInfo> known = byOffset.computeIfAbsent(p.topicPartition(), k -> new HashMap<>());
        try (LogCursor cursor = p.openCursor()) {
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) {
                if (!(e instanceof BatchInfo b)) continue;
                for (Long o : offsets.subSet(b.baseOffset(), true, b.lastOffset(), true)) known.putIfAbsent(o, b);
                if (b.lastOffset() >= offsets.last()) break;
            }
        }
    }

    /** The batch holding {@code offset} of {@code partition}, or null when no replica read holds it. */
    public BatchInfo at(TopicPartition partition, long offset) {
        Map<Long, BatchInfo> known = byOffset.get(partition);
        return known == null ? null : known.get(offset);
    }
}
