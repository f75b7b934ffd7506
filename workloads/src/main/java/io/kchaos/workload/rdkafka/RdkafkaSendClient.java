package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.workload.SendClient;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * A librdkafka producer in its own driver process: each send is a {@code produce} request, and its delivery report
 * (partition and offset, or the error) completes the send's callback on the driver's reader thread.
 */
final class RdkafkaSendClient implements SendClient {
    private final DriverProcess driver;
    private final String topic;

    RdkafkaSendClient(DriverProcess driver, String topic) {
        this.driver = driver;
        this.topic = topic;
    }

    @Override
    public void send(String topic, int partition, String key, String value, Callback callback) {
        produce(driver, this.topic, topic, partition, key, value, DriverReplies::error)
                .whenComplete((metadata, failure) -> callback.onCompletion(metadata, failure == null ? null : unwrap(failure)));
    }

    /**
     * Sends a {@code produce} request to a driver whose producer writes {@code driverTopic}; the future completes on
     * the reader thread with the delivery report's position, or its error as {@code errors} decodes it, or the
     * driver's end.
     */
    static CompletableFuture<RecordMetadata> produce(DriverProcess driver, String driverTopic, String topic, int partition,
                                                     String key, String value, Function<JsonNode, KafkaException> errors) {
        if (!topic.equals(driverTopic)) throw new KafkaException("a librdkafka driver writes its one topic " + driverTopic + ", not " + topic);
        CompletableFuture<RecordMetadata> out = new CompletableFuture<>();
        driver.request("produce", Json.object().put("partition", partition).put("key", key).put("value", value))
                .whenComplete((reply, failure) -> {
                    if (failure != null) out.completeExceptionally(unwrap(failure));
                    else if (reply.has("error")) out.completeExceptionally(errors.apply(reply));
                    else out.complete(DriverReplies.metadata(topic, reply));
                });
        return out;
    }

    @Override
    public void close(Duration timeout) {
        driver.close(timeout);
    }

    private static Exception unwrap(Throwable t) {
        Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
        return c instanceof Exception e ? e : new KafkaException(c);
    }
}
