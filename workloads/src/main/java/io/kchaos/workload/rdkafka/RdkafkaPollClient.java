package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.ReadRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A librdkafka consumer in its own driver process, assigned partitions without joining a group: the log start and
 * end come from {@code watermarks} (the end under read_committed: the last stable offset), the positions from
 * {@code assign}, the records from {@code poll} (up to {@value #MAX_RECORDS} a poll). A wakeup fails the poll being
 * waited for (the driver's late answer is dropped).
 */
final class RdkafkaPollClient implements PollClient {
    static final int MAX_RECORDS = 500;

    private final DriverProcess driver;
    private final String topic;
    private volatile CompletableFuture<JsonNode> current;
    private volatile boolean woken;

    RdkafkaPollClient(DriverProcess driver, String topic) {
        this.driver = driver;
        this.topic = topic;
    }

    @Override
    public Map<TopicPartition, Long> seekToLogStart(List<TopicPartition> partitions, Duration timeout) {
        return seekTo("low", partitions, timeout);
    }

    @Override
    public Map<TopicPartition, Long> seekToEnd(List<TopicPartition> partitions, Duration timeout) {
        return seekTo("high", partitions, timeout);
    }

    /** Assigns the partitions at their {@code mark} ("low" or "high") watermarks, which it returns. */
    private Map<TopicPartition, Long> seekTo(String mark, List<TopicPartition> partitions, Duration timeout) {
        ArrayNode numbers = Json.MAPPER.createArrayNode();
        partitions.forEach(p -> numbers.add(p.partition()));
        JsonNode marks = driver.call("watermarks", Json.object().put("timeout", DriverProcess.seconds(timeout)).set("partitions", numbers),
                timeout.plus(DriverProcess.GRACE));
        Map<TopicPartition, Long> at = DriverReplies.watermarks(topic, marks, mark);
        ObjectNode offsets = Json.object();
        at.forEach((p, o) -> offsets.put(String.valueOf(p.partition()), o));
        driver.call("assign", Json.object().set("offsets", offsets), DriverProcess.GRACE);
        return at;
    }

    @Override
    public List<ReadRecord> poll(Duration timeout) {
        if (woken) {
            woken = false;
            throw new WakeupException();
        }
        CompletableFuture<JsonNode> f = driver.request("poll", Json.object().put("max", MAX_RECORDS).put("timeout", DriverProcess.seconds(timeout)));
        current = f;
        try {
            return DriverReplies.records(DriverProcess.await(f, timeout.plus(DriverProcess.GRACE)));
        } finally {
            current = null;
        }
    }

    @Override
    public void wakeup() {
        CompletableFuture<JsonNode> f = current;
        if (f == null || !f.completeExceptionally(new WakeupException())) woken = true;
    }

    @Override
    public void close(Duration timeout) {
        driver.close(timeout);
    }
}
