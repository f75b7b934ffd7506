package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.Op;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code wrong-topic} check of a multi-topic queue history: each send's invoke names the topic it was sent to
 * ({@code "topic"}), each record read names the topic it was read from, and a value read from another topic than its
 * send's is reported with both topics, the position and the send. Histories without topic fields cost nothing.
 */
final class WrongTopicCheck implements Consumer<Op> {
    private record Sent(String topic, long index, int process) {
    }

    private record Read(long value, String topic, int partition, long offset, long index) {
    }

    private final CheckResult result;
    private final Map<Long, Sent> sent = new HashMap<>();
    private final List<Read> reads = new ArrayList<>();

    WrongTopicCheck(CheckResult result) {
        this.result = result;
    }

    @Override
    public void accept(Op op) {
        if (op.isNemesis()) return;
        if (op.isInvoke() && QueueOps.SEND.equals(op.f())) {
            JsonNode topic = op.value().path("topic");
            if (topic.isTextual()) sent.put(QueueOps.requiredLong(op, op.value(), "value"), new Sent(topic.asText(), op.index(), op.process()));
        } else if (op.isOk() && (QueueOps.POLL.equals(op.f()) || QueueOps.DRAIN.equals(op.f()))) {
            JsonNode records = op.value().path("records");
            for (JsonNode r : records) {
                JsonNode topic = r.path("topic");
                if (!topic.isTextual()) continue;
                reads.add(new Read(QueueOps.requiredLong(op, r, "value"), topic.asText(), QueueOps.partition(op, r),
                        QueueOps.requiredLong(op, r, "offset"), op.index()));
            }
        }
    }

    /** Reports every read whose topic differs from its send's; a value never sent is another check's business. */
    void judge() {
        for (Read r : reads) {
            Sent s = sent.get(r.value());
            if (s == null || s.topic().equals(r.topic())) continue;
            ObjectNode e = Json.object();
            e.put("value", r.value());
            e.put("sent-topic", s.topic());
            e.put("read-topic", r.topic());
            e.put("partition", r.partition());
            e.put("offset", r.offset());
            e.put("index", r.index());
            e.put("send-index", s.index());
            e.put("process", s.process());
            result.anomaly(Anomalies.WRONG_TOPIC.key(), e);
        }
    }
}
