package io.kchaos.workload.share;

import io.kchaos.history.ClientOps;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.InvalidRecordStateException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which of a member's acknowledgements finish records: accepts and rejects of an ok {@code share-ack}, nothing else. */
class ShareMemberAcksTest {
    private static final String TOPIC = "t";
    private static final Uuid TOPIC_ID = Uuid.randomUuid();
    /** Partition 0 offsets 0 and 1, partition 1 offset 0. */
    private static final Map<Integer, Long> ENDS = Map.of(0, 2L, 1, 1L);

    @TempDir
    Path dir;

    /** Kafka's mock share consumer whose commit answers each acknowledged partition as told (null: no result). */
    private static final class Committing extends MockShareConsumer<String, String> {
        private final IntFunction<Optional<KafkaException>> result;
        private final TreeSet<Integer> acked = new TreeSet<>();

        Committing(IntFunction<Optional<KafkaException>> result) {
            this.result = result;
        }

        @Override
        public synchronized ConsumerRecords<String, String> poll(Duration timeout) {
            ConsumerRecords<String, String> r = super.poll(timeout);
            if (r.isEmpty()) {
                try {
                    wait(10); // the mock returns at once: no busy loop of empty polls
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return r;
        }

        @Override
        public synchronized void acknowledge(ConsumerRecord<String, String> record, org.apache.kafka.clients.consumer.AcknowledgeType type) {
            acked.add(record.partition());
        }

        @Override
        public synchronized Map<TopicIdPartition, Optional<KafkaException>> commitSync(Duration timeout) {
            Map<TopicIdPartition, Optional<KafkaException>> out = new HashMap<>();
            for (int p : acked) {
                Optional<KafkaException> r = result.apply(p);
                if (r != null) out.put(new TopicIdPartition(TOPIC_ID, p, TOPIC), r);
            }
            acked.clear();
            return out;
        }
    }

    private static ShareOptions weights(double accept, double release, double reject) {
        return new ShareOptions(accept, release, reject, 15_000, 5, 0, 60, 0);
    }

    /** One member polls the three records once and acknowledges them; the offsets its acknowledgement finished. */
    private FinishedOffsets afterOneAck(ShareOptions options, IntFunction<Optional<KafkaException>> result, OpType expected)
            throws Exception {
        FinishedOffsets finished = new FinishedOffsets();
        Committing consumer = new Committing(result);
        try (RecordedHistory h = new RecordedHistory(dir)) {
            ShareMember m = new ShareMember(p -> consumer, TOPIC, ShareWorkload.GROUP, options, h.writer, new WorkloadStats(),
                    new ProcessIds(), finished, 1);
            Thread t = new Thread(m);
            t.start();
            h.await("subscribed", ops -> !h.ops(ClientOps.SHARE_SUBSCRIBE, OpType.OK).isEmpty());
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 0, "k0", "1"));
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, 1, "k1", "2"));
            consumer.addRecord(new ConsumerRecord<>(TOPIC, 1, 0, "k2", "3"));
            h.await("an acknowledgement", ops -> ops.stream().anyMatch(o -> o.f().equals(ClientOps.SHARE_ACK) && o.type() != OpType.INVOKE));
            m.stopRunning();
            t.join(5_000);
            assertEquals(1, h.ops(ClientOps.SHARE_ACK, expected).size(), "the ack's outcome: " + h.ops());
        }
        return finished;
    }

    @Test
    void acceptsTheBrokerTookFinishTheirRecords() throws Exception {
        FinishedOffsets f = afterOneAck(weights(1, 0, 0), p -> Optional.empty(), OpType.OK);
        assertTrue(f.allFinishedBelow(ENDS));
    }

    @Test
    void rejectsTheBrokerTookFinishTheirRecords() throws Exception {
        FinishedOffsets f = afterOneAck(weights(0, 0, 1), p -> Optional.empty(), OpType.OK);
        assertTrue(f.allFinishedBelow(ENDS));
    }

    @Test
    void releasesFinishNothing() throws Exception {
        FinishedOffsets f = afterOneAck(weights(0, 1, 0), p -> Optional.empty(), OpType.OK);
        assertEquals(0, f.lowestUnfinished(0));
        assertEquals(0, f.lowestUnfinished(1));
    }

    @Test
    void anAckThatFailedOnAPartitionFinishesNothing() throws Exception {
        FinishedOffsets f = afterOneAck(weights(1, 0, 0),
                p -> p == 1 ? Optional.of(new InvalidRecordStateException("not held")) : Optional.empty(), OpType.INFO);
        assertEquals(0, f.lowestUnfinished(0), "the op was info: not even partition 0 counts");
        assertEquals(0, f.lowestUnfinished(1));
    }

    @Test
    void anAckWithoutACommitResultFinishesNothing() throws Exception {
        FinishedOffsets f = afterOneAck(weights(1, 0, 0), p -> null, OpType.INFO);
        assertFalse(f.allFinishedBelow(ENDS));
    }
}
