package io.kchaos.harness.client;

import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.workload.ClientFeature;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.GroupClient;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.ReadRecord;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.common.ClientConfigs;
import io.kchaos.workload.common.JavaClientKind;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.common.TopicPartition;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A kafka-clients release other than the built-in one ({@code kchaos run --client-version V}): resolved from Maven
 * Central into the local Maven repository on first use, loaded by its own {@link ClientClassLoader}, and driven
 * through {@link ClientBridge} by the same workers as the built-in client (producers, pollers, transactional producers,
 * group members). Releases 3.0 to 4.4; what older ones lack is a {@link ClientFeature}.
 */
public final class JavaClientRelease implements ClientKind {
    private static final KafkaVersion OLDEST = new KafkaVersion(3, 0, 0);
    private static final KafkaVersion NEWEST_MINOR = new KafkaVersion(4, 4, 0);
    /** The adapter of each range of releases: {@code CloseOptions} came in 4.1, {@code AppInfoParser} moved in 4.4. */
    private static final Map<KafkaVersion, String> ADAPTERS = Map.of(
            new KafkaVersion(4, 4, 0), ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter44",
            new KafkaVersion(4, 1, 0), ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter41",
            OLDEST, ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter");

    private final KafkaVersion release;
    private final ClientBridge.Factory factory;

    private JavaClientRelease(KafkaVersion release, ClientBridge.Factory factory) {
        this.release = release;
        this.factory = factory;
    }

    /**
     * Resolves and loads release {@code version}.
     *
     * @throws IllegalArgumentException (one line) for a malformed version, one outside 3.0–4.4, or one that cannot be resolved
     */
    public static JavaClientRelease load(String version, MavenKafkaResolver resolver) {
        KafkaVersion v;
        try {
            v = KafkaVersion.parse(version);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--client-version '" + version + "' must look like X.Y.Z (e.g. 3.9.1)");
        }
        if (v.compareTo(OLDEST) < 0 || v.major() > 4 || (v.major() == 4 && v.minor() > NEWEST_MINOR.minor())) {
            throw new IllegalArgumentException("--client-version " + v + " is outside the supported kafka-clients releases 3.0 to 4.4");
        }
        String coordinates = "org.apache.kafka:kafka-clients:" + v;
        String jarName = "kafka-clients-" + v + ".jar";
        Path jar = resolver.resolve(coordinates).stream().filter(p -> p.getFileName().toString().equals(jarName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("cannot resolve " + coordinates + ": no " + jarName + " among its artifacts"));
        return fromJar(v, jar);
    }

    /** The adapter class of the newest range that {@code v} is in. */
    static String adapter(KafkaVersion v) {
        return ADAPTERS.entrySet().stream().filter(e -> v.compareTo(e.getKey()) >= 0)
                .max(Map.Entry.comparingByKey()).map(Map.Entry::getValue).orElseThrow();
    }

    /** Loads the release in {@code clientsJar} (its own loader each call) and checks it reports {@code version}. */
    static JavaClientRelease fromJar(KafkaVersion v, Path clientsJar) {
        String version = v.toString();
        ClientClassLoader loader = new ClientClassLoader("kafka-clients-" + version, clientsJar, JavaClientRelease.class.getClassLoader());
        ClientBridge.Factory factory;
        String reported;
        try {
            factory = (ClientBridge.Factory) Class.forName(adapter(v), true, loader).getConstructor().newInstance();
            reported = factory.version();
        } catch (ReflectiveOperationException | LinkageError | IllegalStateException e) {
            throw new IllegalArgumentException("kafka-clients " + version + " does not link with kchaos's adapter: " + e);
        }
        if (!reported.equals(version)) {
            throw new IllegalArgumentException(clientsJar + " reports kafka-clients " + reported + ", not " + version);
        }
        return new JavaClientRelease(v, factory);
    }

    /** The release's adapter, for tests that drive it without a workload. */
    ClientBridge.Factory loaderFactory() {
        return factory;
    }

    /** The loader that defined this release's classes. */
    ClassLoader loader() {
        return factory.getClass().getClassLoader();
    }

    /** The release's own {@code AppInfoParser.getVersion()}. */
    public String version() {
        return factory.version();
    }

    @Override
    public SendClient sender(WorkloadContext ctx, String clientId) {
        ClientBridge.Producer p = factory.producer(ClientConfigs.producer(ctx, clientId, Map.of()));
        return sender(p);
    }

    static SendClient sender(ClientBridge.Producer p) {
        return new SendClient() {
            @Override
            public void send(String topic, int partition, String key, String value, Callback callback) {
                ReleaseErrors.run(() -> p.send(topic, partition, key, value, outcome(topic, callback)));
            }

            @Override
            public void close(Duration timeout) {
                ReleaseErrors.run(() -> p.close(timeout.toMillis()));
            }
        };
    }

    /** A send's outcome in the release, handed to {@code callback} as the built-in client would: metadata or a built-in exception. */
    static ClientBridge.Outcome outcome(String topic, Callback callback) {
        return new ClientBridge.Outcome() {
            @Override
            public void acked(int ackedPartition, long offset) {
                callback.onCompletion(SendClient.acknowledged(topic, ackedPartition, offset), null);
            }

            @Override
            public void failed(Exception error) {
                callback.onCompletion(null, ReleaseErrors.translate(error));
            }
        };
    }

    @Override
    public Supplier<TxnClient> transactional(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        Supplier<ClientBridge.TxnProducer> producers = () -> factory.transactionalProducer(
                ClientConfigs.producer(ctx, clientId, settings));
        producers.get().close(0); // reject bad settings now, not in a thread
        return () -> new ReleaseTxnClient(producers.get());
    }

    @Override
    public Supplier<GroupClient> members(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        Supplier<ClientBridge.Member> members = () -> factory.member(
                ClientConfigs.consumer(ctx, clientId, settings));
        members.get().close(0);
        return () -> new ReleaseGroupClient(members.get());
    }

    /** Whether this release has {@code feature}: from the release that brought it on. */
    @Override
    public boolean supports(ClientFeature feature) {
        return release.compareTo(KafkaVersion.parse(feature.since() + ".0")) >= 0;
    }

    @Override
    public Supplier<PollClient> pollers(WorkloadContext ctx, String clientId, Map<String, String> settings) {
        Supplier<ClientBridge.Consumer> consumers = () -> factory.consumer(
                ClientConfigs.consumer(ctx, clientId, settings));
        consumers.get().close(0);
        return () -> poller(consumers.get());
    }

    static PollClient poller(ClientBridge.Consumer c) {
        return new PollClient() {
            @Override
            public Map<TopicPartition, Long> seekToLogStart(List<TopicPartition> partitions, Duration timeout) {
                return seek(partitions, (topic, numbers) -> c.seekToLogStart(topic, numbers, timeout.toMillis()));
            }

            @Override
            public Map<TopicPartition, Long> seekToEnd(List<TopicPartition> partitions, Duration timeout) {
                return seek(partitions, (topic, numbers) -> c.seekToEnd(topic, numbers, timeout.toMillis()));
            }

            @Override
            public List<ReadRecord> poll(Duration timeout) {
                return ReleaseErrors.call(() -> c.poll(timeout.toMillis()));
            }

            @Override
            public void wakeup() {
                c.wakeup();
            }

            @Override
            public void close(Duration timeout) {
                try {
                    c.close(timeout.toMillis());
                } catch (RuntimeException e) {
                    System.err.println("warning: closing a consumer: " + ReleaseErrors.translate(e).getMessage());
                }
            }
        };
    }

    /** Seeks partitions of one topic through {@code seek} (topic, partition numbers), returning the offsets by partition. */
    private static Map<TopicPartition, Long> seek(List<TopicPartition> partitions, BiFunction<String, List<Integer>, Map<Integer, Long>> seek) {
        if (partitions.isEmpty()) return Map.of();
        String topic = partitions.get(0).topic();
        List<Integer> numbers = new ArrayList<>();
        for (TopicPartition tp : partitions) numbers.add(tp.partition());
        Map<TopicPartition, Long> out = new TreeMap<>((a, b) -> Integer.compare(a.partition(), b.partition()));
        ReleaseErrors.call(() -> seek.apply(topic, numbers)).forEach((p, o) -> out.put(new TopicPartition(topic, p), o));
        return out;
    }

    @Override
    public Map<String, String> describe() {
        return Map.of("kind", JavaClientKind.NAME, "version", factory.version(), "loader", "isolated");
    }
}
