package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.common.ConsumerWorker;
import io.kchaos.workload.common.Partitions;
import io.kchaos.workload.common.SendErrorClassifier;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A transaction worker's read_committed consumer, for the poll micro-op: assigned every partition and started at
 * their ends (so it stays near the newest records, where a transaction's own uncommitted writes would show if
 * read_committed leaked them). Its first poll declares the positions as a seek. Created lazily, used by one thread.
 */
final class TxnPoller implements AutoCloseable {
    static final Duration POLL_TIMEOUT = Duration.ofMillis(10);
    private static final Duration OFFSETS_TIMEOUT = Duration.ofSeconds(2);

    private final Supplier<PollClient> consumers;
    private final List<TopicPartition> partitions;
    private PollClient consumer;
    private ObjectNode pendingSeek;

    TxnPoller(Supplier<PollClient> consumers, List<TopicPartition> partitions) {
        this.consumers = consumers;
        this.partitions = partitions;
    }

    /** One poll: {@code {"seek": {...}, "records": [...]}} (seek only on the first), or {@code {"error": "..."}}. */
    ObjectNode poll() {
        try {
            if (consumer == null) open();
            ObjectNode v = Json.object();
            if (pendingSeek != null) v.set("seek", pendingSeek);
            pendingSeek = null;
            List<ReadRecord> records = consumer.poll(POLL_TIMEOUT);
            v.set("records", ReadRecord.toJson(records));
            return v;
        } catch (RuntimeException e) {
            return Json.object().put("error", SendErrorClassifier.describe(e));
        }
    }

    private void open() {
        PollClient c = consumers.get();
        try {
            Map<TopicPartition, Long> ends = c.seekToEnd(partitions, OFFSETS_TIMEOUT);
            ObjectNode seek = Json.object();
            Partitions.byNumber(ends).forEach((p, o) -> seek.put(String.valueOf(p), o));
            pendingSeek = seek;
            consumer = c;
        } catch (RuntimeException e) {
            c.close(ConsumerWorker.CLOSE_TIMEOUT);
            throw e;
        }
    }

    @Override
    public void close() {
        if (consumer != null) consumer.close(ConsumerWorker.CLOSE_TIMEOUT);
        consumer = null;
    }
}
