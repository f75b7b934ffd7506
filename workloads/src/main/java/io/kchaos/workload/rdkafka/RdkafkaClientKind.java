package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.RunFields;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.queue.QueueWorkload;
import io.kchaos.workload.txn.TxnWorkload;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The librdkafka client ({@code kchaos run --client librdkafka}): every producer, transactional producer and poller is
 * its own driver process (the Debian package python3-confluent-kafka over librdkafka). {@link #probe} checks the interpreter, the module and
 * the user's settings before a run starts.
 */
public final class RdkafkaClientKind implements ClientKind {
    public static final String NAME = "librdkafka";
    /** System property naming the Python interpreter that has confluent_kafka. */
    public static final String PYTHON_PROPERTY = "kchaos.rdkafka.python";
    public static final String DEFAULT_PYTHON = "/usr/bin/python3";
    /** The workloads whose clients it drives (the group workload's members have no driver here). */
    public static final Set<String> WORKLOADS = Set.of(QueueWorkload.NAME, TxnWorkload.NAME);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final String python;
    private final String librdkafka;
    private final String binding;

    private RdkafkaClientKind(String python, String librdkafka, String binding) {
        this.python = python;
        this.librdkafka = librdkafka;
        this.binding = binding;
    }

    /** The interpreter: {@value #PYTHON_PROPERTY}, else {@value #DEFAULT_PYTHON}. */
    public static String python() {
        return System.getProperty(PYTHON_PROPERTY, DEFAULT_PYTHON);
    }

    /** {@link #probe(String, String, Map, Map)} for the queue workload. */
    public static RdkafkaClientKind probe(String python, Map<String, String> producerConfig, Map<String, String> consumerConfig) {
        return probe(python, QueueWorkload.NAME, producerConfig, consumerConfig);
    }

    /**
     * Starts one driver, asks its versions and has librdkafka build a producer and a consumer with the run's settings,
     * and for the txn workload a transactional producer with its settings too; a missing interpreter or module, or a
     * setting librdkafka refuses, fails in one line.
     */
    public static RdkafkaClientKind probe(String python, String workload, Map<String, String> producerConfig,
                                          Map<String, String> consumerConfig) {
        String needs = "--client librdkafka needs " + python + " with the confluent_kafka module (Debian: apt-get install "
                + "python3-confluent-kafka; another interpreter: KCHAOS_JAVA_OPTS=-D" + PYTHON_PROPERTY + "=PATH): ";
        DriverProcess driver;
        try {
            driver = DriverProcess.start(python);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(needs + e.getMessage());
        }
        try {
            ObjectNode hello = Json.object();
            hello.set("producer", Json.MAPPER.valueToTree(RdkafkaSettings.producer("127.0.0.1:9", "kchaos-probe", producerConfig)));
            hello.set("consumer", Json.MAPPER.valueToTree(RdkafkaSettings.consumer("127.0.0.1:9", "kchaos-probe", Map.of(), consumerConfig)));
            if (workload.equals(TxnWorkload.NAME)) {
                hello.set("transactional", Json.MAPPER.valueToTree(RdkafkaSettings.transactional("127.0.0.1:9", "kchaos-probe",
                        TxnWorkload.producerSettings(TxnWorkload.TRANSACTIONAL_ID_PREFIX + "probe"), producerConfig).config()));
            }
            JsonNode r = DriverProcess.await(driver.request("hello", hello), START_TIMEOUT);
            return new RdkafkaClientKind(python, r.path("librdkafka").asText(), r.path("binding").asText());
        } catch (RuntimeException e) {
            String m = e.getMessage();
            if (m != null && m.contains("driver ended")) throw new IllegalArgumentException(needs + m);
            throw new IllegalArgumentException("librdkafka refuses the run's client settings: " + m);
        } finally {
            driver.close(Duration.ofSeconds(1));
        }
    }

    /** The librdkafka release the driver loaded, as it names itself (e.g. {@code 2.0.2}). */
    public String librdkafkaVersion() {
        return librdkafka;
    }

    @Override
    public SendClient sender(WorkloadContext ctx, String clientId) {
        return sender(ctx.bootstrapServers().get(), ctx.topic(), clientId, secured(ctx, ctx.producerConfig()));
    }

    /** The run's security settings in librdkafka's names ({@link RdkafkaSecurity}), then {@code user}'s. */
    private static Map<String, String> secured(WorkloadContext ctx, Map<String, String> user) {
        Map<String, String> all = new java.util.LinkedHashMap<>(RdkafkaSecurity.of(ctx.security()));
        all.putAll(user);
        return all;
    }

    /** One producer of {@code topic} outside a run (a reproduction's), with kchaos's defaults and {@code config} on top. */
    public SendClient sender(String bootstrap, String topic, String clientId, Map<String, String> config) {
        return open(topic, "producer", RdkafkaSettings.producer(bootstrap, clientId, config), d -> new RdkafkaSendClient(d, topic));
    }

    @Override
    public Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        return () -> open(ctx.topic(), "consumer", RdkafkaSettings.consumer(ctx.bootstrapServers().get(), clientId, settings,
                secured(ctx, ctx.consumerConfig())), d -> new RdkafkaPollClient(d, ctx.topic()));
    }

    @Override
    public Supplier<TxnClient> transactional(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        Supplier<TxnClient> factory = () -> transactional(ctx.bootstrapServers().get(), ctx.topic(), clientId, settings,
                secured(ctx, ctx.producerConfig()));
        factory.get().close(Duration.ZERO); // refuse bad settings now, not in a worker thread
        return factory;
    }

    /** One transactional producer of {@code topic}: kchaos's defaults, the {@code workload}'s settings, the {@code user}'s. */
    TxnClient transactional(String bootstrap, String topic, String clientId, Map<String, String> workload, Map<String, String> user) {
        RdkafkaSettings.Transactional s = RdkafkaSettings.transactional(bootstrap, clientId, workload, user);
        return open(topic, "producer", s.config(), d -> new RdkafkaTxnClient(d, topic, s.block(), s.delivery()));
    }

    private <T> T open(String topic, String op, Map<String, String> config, Function<DriverProcess, T> client) {
        DriverProcess d = DriverProcess.start(python);
        try {
            d.call(op, Json.object().put("topic", topic).set("config", Json.MAPPER.valueToTree(config)), START_TIMEOUT);
        } catch (RuntimeException e) {
            d.close(Duration.ZERO);
            throw new IllegalArgumentException("invalid librdkafka " + op + " settings: " + e.getMessage());
        }
        return client.apply(d);
    }

    @Override
    public Map<String, String> describe() {
        return Map.of(RunFields.Client.KIND, NAME, RunFields.Client.LIBRDKAFKA, librdkafka, RunFields.Client.BINDING,
                "confluent-kafka-python " + binding);
    }
}
