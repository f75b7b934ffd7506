package io.kchaos.workload.common;

import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsumerWorkerTest {
    private static final List<TopicPartition> PARTITIONS = Partitions.of("t", 2);

    @TempDir
    Path dir;

    @Test
    void firstPollCarriesTheSeekAndAFailedPollMovesToANewProcess() throws Exception {
        MockConsumer<String, String> c = new MockConsumer<>("earliest") {
            @Override
            public synchronized ConsumerRecords<String, String> poll(Duration timeout) {
                try {
                    Thread.sleep(2); // a real poll waits; keeps the history small
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.poll(timeout);
            }
        };
        c.updateBeginningOffsets(Map.of(PARTITIONS.get(0), 0L, PARTITIONS.get(1), 3L));
        c.schedulePollTask(() -> {
            c.addRecord(new ConsumerRecord<>("t", 1, 3, "k1", "17"));
            c.addRecord(new ConsumerRecord<>("t", 0, 0, "k0", "5"));
        });
        c.schedulePollTask(() -> c.setPollException(new KafkaException("broker went away")));
        WorkloadStats stats = new WorkloadStats();
        try (RecordedHistory history = new RecordedHistory(dir)) {
            ConsumerWorker w = new ConsumerWorker(() -> JavaClientKind.poller(c), TopicLayout.single("t", PARTITIONS.size()), "t", history.writer, stats, new ProcessIds());
            Thread t = new Thread(w);
            t.start();
            history.await("polls after the failure", ops -> ops.stream().filter(Op::isOk).count() >= 3);
            w.stopPolling();
            t.join(5_000);
            assertFalse(t.isAlive());
            assertTrue(c.closed(), "the worker closes its consumer");

            List<Op> ops = history.ops();
            Op first = ops.get(0);
            assertEquals(OpType.INVOKE, first.type());
            assertEquals("{\"seek\":{\"0\":0,\"1\":3}}", first.value().toString());
            Op firstOk = ops.get(1);
            assertEquals("{\"records\":[{\"partition\":1,\"offset\":3,\"key\":\"k1\",\"value\":17},"
                    + "{\"partition\":0,\"offset\":0,\"key\":\"k0\",\"value\":5}]}", firstOk.value().toString(),
                    "records in the order the consumer returned them, values as longs");
            assertEquals(first.process(), firstOk.process());

            Op info = ops.stream().filter(o -> o.type() == OpType.INFO).findFirst().orElseThrow();
            assertEquals("KafkaException: broker went away", info.error());
            assertEquals(first.process(), info.process());
            Op after = ops.get(ops.indexOf(info) + 1);
            assertNotEquals(first.process(), after.process(), "after info the consumer continues as a new process");
            assertTrue(after.value().isNull(), "no seek: the position was kept");
            Op emptyOk = ops.get(ops.indexOf(after) + 1);
            assertEquals("{\"records\":[]}", emptyOk.value().toString());
            assertEquals(2, stats.polled.sum());
            assertEquals(ops.size() % 2, 0, "every poll invoke has its completion");
        }
    }
}
