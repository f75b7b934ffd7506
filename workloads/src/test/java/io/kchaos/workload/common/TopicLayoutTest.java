package io.kchaos.workload.common;

import io.kchaos.workload.ReadRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** How a {@link TopicLayout} numbers partitions and names topics in the history. */
class TopicLayoutTest {
    private final TopicLayout three = new TopicLayout(List.of("q", "q-1", "q-2"), 2);

    @Test
    void severalTopicsNumberTheirPartitionsOneAfterAnotherAndAreNamed() {
        assertEquals(6, three.size());
        assertEquals(3, three.historyPartition("q-1", 1));
        assertEquals(new TopicPartition("q-2", 0), three.topicPartition(4));
        assertEquals(three.topicPartition(3), three.all().get(3), "list index = history partition");
        assertEquals(Map.of(1, 7L, 4, 9L), three.byHistoryPartition(Map.of(new TopicPartition("q", 1), 7L, new TopicPartition("q-2", 0), 9L)));
        ReadRecord r = three.inHistory("q-2", new ReadRecord(1, 5, "k0", "12"));
        assertEquals(5, r.partition());
        assertEquals("{\"topic\":\"q-2\",\"partition\":5,\"offset\":5,\"key\":\"k0\",\"value\":12}", r.toJson().toString());
    }

    @Test
    void oneTopicIsTheHistoryAsBeforeWithoutTopicNames() {
        TopicLayout one = TopicLayout.single("q", 3);
        assertEquals(2, one.historyPartition("q", 2));
        assertNull(one.historyTopic("q"));
        assertEquals("{\"partition\":2,\"offset\":5,\"key\":\"k0\",\"value\":12}", one.inHistory("q", new ReadRecord(2, 5, "k0", "12")).toJson().toString());
    }
}
