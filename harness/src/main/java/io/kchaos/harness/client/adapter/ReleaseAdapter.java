package io.kchaos.harness.client.adapter;

import io.kchaos.harness.client.ClientBridge;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.common.Clients;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.AppInfoParser;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The adapter for kafka-clients 3.0 to 4.0, defined by a {@code ClientClassLoader} so that every Kafka name here
 * links against that loader's release. The calls it makes (the map-and-serializers constructors, those of
 * {@link ProducerAdapter} and {@link MemberAdapter}, {@code assign}/{@code beginningOffsets}/{@code endOffsets}
 * (Collection, Duration)/{@code seek}/{@code poll(Duration)}, {@code close(Duration)}, {@code AppInfoParser.getVersion})
 * have the same signatures in all of them; a range that adds or changes one overrides it in a subclass
 * ({@link ReleaseAdapter41}: the crash of a group member; {@link ReleaseAdapter44}: {@code AppInfoParser}).
 */
public class ReleaseAdapter implements ClientBridge.Factory {
    @Override
    public String version() {
        return AppInfoParser.getVersion();
    }

    @Override
    public ClientBridge.Producer producer(Map<String, Object> config) {
        return transactionalProducer(config);
    }

    @Override
    public ClientBridge.TxnProducer transactionalProducer(Map<String, Object> config) {
        return new ProducerAdapter(construct("producer", () -> new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())));
    }

    @Override
    public ClientBridge.Member member(Map<String, Object> config) {
        return new MemberAdapter(kafkaConsumer(config), this::crash);
    }

    /** Closes {@code c} at once without leaving its group: not before kafka-clients 4.1 ({@link ReleaseAdapter41}). */
    protected void crash(KafkaConsumer<String, String> c) {
        throw new UnsupportedOperationException("kafka-clients " + version() + " cannot close a consumer without leaving its group (4.1+)");
    }

    @Override
    public ClientBridge.Consumer consumer(Map<String, Object> config) {
        KafkaConsumer<String, String> c = kafkaConsumer(config);
        return new ClientBridge.Consumer() {
            @Override
            public Map<Integer, Long> seekToLogStart(String topic, List<Integer> partitions, long timeoutMillis) {
                return seek(topic, partitions, tps -> c.beginningOffsets(tps, Duration.ofMillis(timeoutMillis)));
            }

            @Override
            public Map<Integer, Long> seekToEnd(String topic, List<Integer> partitions, long timeoutMillis) {
                return seek(topic, partitions, tps -> c.endOffsets(tps, Duration.ofMillis(timeoutMillis)));
            }

            /** Assigns the partitions and seeks each to the offset {@code offsets} gives it. */
            private Map<Integer, Long> seek(String topic, List<Integer> partitions, Function<List<TopicPartition>, Map<TopicPartition, Long>> offsets) {
                List<TopicPartition> tps = new ArrayList<>();
                for (int p : partitions) tps.add(new TopicPartition(topic, p));
                c.assign(tps);
                Map<Integer, Long> out = new TreeMap<>();
                offsets.apply(tps).forEach((tp, offset) -> {
                    c.seek(tp, offset);
                    out.put(tp.partition(), offset);
                });
                return out;
            }

            @Override
            public List<ReadRecord> poll(long timeoutMillis) {
                List<ReadRecord> out = new ArrayList<>();
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(timeoutMillis))) {
                    out.add(new ReadRecord(r.partition(), r.offset(), r.key(), r.value()));
                }
                return out;
            }

            @Override
            public void wakeup() {
                c.wakeup();
            }

            @Override
            @SuppressWarnings("deprecation") // close(CloseOptions), its 4.1 replacement, is missing before 4.1; close(Duration) is in all
            public void close(long timeoutMillis) {
                c.close(Duration.ofMillis(timeoutMillis));
            }
        };
    }

    private static KafkaConsumer<String, String> kafkaConsumer(Map<String, Object> config) {
        return construct("consumer", () -> new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer()));
    }

    /** Builds a client with this release's classes as the thread's context loader (Kafka loads configured classes through it). */
    private static <T> T construct(String what, Supplier<T> factory) {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(ReleaseAdapter.class.getClassLoader());
        try {
            return factory.get();
        } catch (KafkaException e) {
            throw new IllegalArgumentException("invalid " + what + " settings: " + Clients.rootMessage(e));
        } finally {
            t.setContextClassLoader(before);
        }
    }
}
