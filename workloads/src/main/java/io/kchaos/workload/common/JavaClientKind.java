package io.kchaos.workload.common;

import io.kchaos.history.folder.RunFields;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.GroupClient;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.AppInfoParser;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The built-in client: the kafka-clients jar kchaos was built with ({@code --client java}, the default). */
public final class JavaClientKind implements ClientKind {
    public static final String NAME = "java";
    public static final JavaClientKind INSTANCE = new JavaClientKind();

    private JavaClientKind() {
    }

    @Override
    public SendClient sender(WorkloadContext ctx, String clientId) {
        return sender(Clients.construct("producer", () -> new KafkaProducer<>(
                ClientConfigs.producer(ctx, clientId, Map.of()))));
    }

    /** A {@link SendClient} over a Java producer. */
    public static SendClient sender(Producer<String, String> producer) {
        return new SendClient() {
            @Override
            public void send(String topic, int partition, String key, String value, org.apache.kafka.clients.producer.Callback callback) {
                producer.send(new ProducerRecord<>(topic, partition, key, value), callback);
            }

            @Override
            public void close(Duration timeout) {
                producer.close(timeout);
            }
        };
    }

    @Override
    public Supplier<TxnClient> transactional(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        Supplier<Producer<String, String>> factory = () -> new KafkaProducer<>(
                ClientConfigs.producer(ctx, clientId, settings));
        Clients.construct("producer", factory).close(Duration.ZERO); // reject bad settings now, not in a thread
        return () -> new JavaTxnClient(factory.get());
    }

    @Override
    public Supplier<GroupClient> members(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        var factory = Clients.consumers(ctx, clientId, settings);
        Clients.construct("consumer", factory).close();
        return () -> new JavaGroupClient(factory.get());
    }

    @Override
    public Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        var factory = Clients.consumers(ctx, clientId, settings);
        Clients.construct("consumer", factory).close();
        return () -> poller(factory.get());
    }

    /** A {@link PollClient} over a Java consumer. */
    public static PollClient poller(Consumer<String, String> c) {
        return new PollClient() {
            @Override
            public Map<TopicPartition, Long> seekToLogStart(List<TopicPartition> partitions, Duration timeout) {
                c.assign(partitions);
                return seekTo(c.beginningOffsets(partitions, timeout));
            }

            @Override
            public Map<TopicPartition, Long> seekToEnd(List<TopicPartition> partitions, Duration timeout) {
                c.assign(partitions);
                return seekTo(c.endOffsets(partitions, timeout));
            }

            private Map<TopicPartition, Long> seekTo(Map<TopicPartition, Long> offsets) {
                offsets.forEach(c::seek);
                return offsets;
            }

            @Override
            public List<ReadRecord> poll(Duration timeout) {
                List<ReadRecord> records = new ArrayList<>();
                c.poll(timeout).forEach(r -> records.add(ReadRecord.of(r)));
                return records;
            }

            @Override
            public void wakeup() {
                c.wakeup();
            }

            @Override
            public void close(Duration timeout) {
                ConsumerWorker.close(c);
            }
        };
    }

    @Override
    public Map<String, String> describe() {
        return Map.of(RunFields.Client.KIND, NAME, RunFields.Client.VERSION, AppInfoParser.getVersion());
    }
}
