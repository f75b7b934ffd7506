package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code wrong-topic} on planted multi-topic histories: topic {@code a} is history partition 0, topic {@code b} history
 * partition 1 (docs/format.md: partition numbers are distinct across the topics of a history).
 */
class WrongTopicTest {
    private static ObjectNode sendValue(long value, String topic) {
        return Json.object().put("key", "k0").put("value", value).put("topic", topic);
    }

    private static HistoryBuilder send(HistoryBuilder h, int process, long value, String topic, int partition, long offset) {
        return h.line(process, OpType.INVOKE, "send", sendValue(value, topic))
                .line(process, OpType.OK, "send", sendValue(value, topic).put("partition", partition).put("offset", offset));
    }

    private static ObjectNode read(String topic, int partition, long offset, long value) {
        return Json.object().put("topic", topic).put("partition", partition).put("offset", offset).put("key", "k0").put("value", value);
    }

    private static HistoryBuilder drain(HistoryBuilder h, Map<Integer, Long> ends, ObjectNode... records) {
        ObjectNode ok = Json.object();
        var a = ok.putArray("records");
        for (ObjectNode r : records) a.add(r);
        ObjectNode e = ok.putObject("end-offsets");
        ends.forEach((p, o) -> e.put(String.valueOf(p), o));
        return h.line(9, OpType.INVOKE, "drain", null).line(9, OpType.OK, "drain", ok);
    }

    @Test
    void aValueReadFromAnotherTopicIsReportedWithBothTopicsThePositionAndTheSend() {
        HistoryBuilder h = new HistoryBuilder();
        send(h, 0, 0, "a", 0, 0);
        h.line(1, OpType.INVOKE, "send", sendValue(1, "a")); // acknowledged nowhere, read on b
        drain(h, Map.of(0, 1L, 1, 1L), read("a", 0, 0, 0), read("b", 1, 0, 1));
        CheckResult r = Checks.check(h);
        assertOnly(r, "wrong-topic", 1);
        ObjectNode e = example(r, "wrong-topic", 0);
        assertEquals("a", e.path("sent-topic").asText());
        assertEquals("b", e.path("read-topic").asText());
        assertEquals(1, e.path("partition").asInt());
        assertEquals(0, e.path("offset").asLong());
        assertEquals(1, e.path("value").asLong());
        assertEquals(2, e.path("send-index").asLong());
        assertEquals(1, e.path("process").asInt());
    }

    @Test
    void multiTopicHistoriesWithEveryValueOnItsOwnTopicStayValid() {
        HistoryBuilder h = new HistoryBuilder();
        send(h, 0, 0, "a", 0, 0);
        send(h, 1, 1, "b", 1, 0);
        send(h, 0, 2, "a", 0, 1);
        h.line(2, OpType.INVOKE, "poll", null).line(2, OpType.OK, "poll", Json.object().set("records",
                Json.MAPPER.createArrayNode().add(read("b", 1, 0, 1)).add(read("a", 0, 0, 0))));
        drain(h, Map.of(0, 2L, 1, 1L), read("a", 0, 0, 0), read("a", 0, 1, 2), read("b", 1, 0, 1));
        assertValid(Checks.check(h));
    }

    @Test
    void singleTopicHistoriesWithoutTopicFieldsAreJudgedAsBefore() {
        assertValid(Checks.check(new HistoryBuilder().send(0, 1, 0, 0).send(1, 2, 1, 0).poll(2, rec(0, 0, 1))
                .drain(9, Map.of(0, 1L, 1, 1L), rec(0, 0, 1), rec(1, 0, 2))));
    }
}
