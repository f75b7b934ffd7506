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
 * A librdkafka consumer in its own driver process, assigned partitions without joining a group: the log start comes
 * from {@code low-watermarks}, the positions from {@code assign}, the records from {@code poll} (up to
 * {@value #MAX_RECORDS} a poll). A wakeup fails the poll being waited for (the driver's late answer is dropped).
 */
final class RdkafkaPollClient implements PollClient {
    static final int MAX_RECORDS = 500;
    /** How much longer than the poll's own timeout the driver may take to answer. */
    static final Duration GRACE = Duration.ofSeconds(10);

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
        ArrayNode numbers = Json.MAPPER.createArrayNode();
        partitions.forEach(p -> numbers.add(p.partition()));
        JsonNode low = driver.call("low-watermarks", Json.object().put("timeout", seconds(timeout)).set("partitions", numbers),
                timeout.plus(GRACE));
        Map<TopicPartition, Long> start = DriverReplies.lowWatermarks(topic, low);
        ObjectNode offsets = Json.object();
        start.forEach((p, o) -> offsets.put(String.valueOf(p.partition()), o));
        driver.call("assign", Json.object().set("offsets", offsets), GRACE);
        return start;
    }

    @Override
    public List<ReadRecord> poll(Duration timeout) {
        if (woken) {
            woken = false;
            throw new WakeupException();
        }
        CompletableFuture<JsonNode> f = driver.request("poll", Json.object().put("max", MAX_RECORDS).put("timeout", seconds(timeout)));
        current = f;
        try {
            return DriverReplies.records(DriverProcess.await(f, timeout.plus(GRACE)));
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

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
