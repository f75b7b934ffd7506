package io.kchaos.workload.rdkafka;

import io.kchaos.history.Json;
import io.kchaos.workload.SendClient;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.common.KafkaException;

import java.time.Duration;
import java.util.concurrent.CompletionException;

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
        if (!topic.equals(this.topic)) throw new KafkaException("a librdkafka driver writes its one topic " + this.topic + ", not " + topic);
        driver.request("produce", Json.object().put("partition", partition).put("key", key).put("value", value))
                .whenComplete((reply, failure) -> {
                    if (failure != null) callback.onCompletion(null, unwrap(failure));
                    else if (reply.has("error")) callback.onCompletion(null, DriverReplies.error(reply));
                    else callback.onCompletion(DriverReplies.metadata(topic, reply), null);
                });
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
