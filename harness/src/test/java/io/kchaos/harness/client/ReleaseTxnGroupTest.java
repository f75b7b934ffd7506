package io.kchaos.harness.client;

import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.workload.ClientFeature;
import io.kchaos.workload.GroupClient;
import io.kchaos.workload.PollClient;
import io.kchaos.workload.TxnClient;
import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The txn and group workloads' clients of isolated releases (3.9.1, the oldest adapter's range; 4.1.2 and 4.4.0, the
 * newer ones), driven without a broker: every call links against its release, errors arrive as the built-in
 * exceptions, and what a release lacks ({@link ClientFeature}) is said, not attempted. Resolved like
 * {@link ClientIsolationTest}: skipped, saying so, only when neither {@code ~/.m2} nor Maven Central has the jars.
 */
class ReleaseTxnGroupTest {
    private static final String NOWHERE = "127.0.0.1:9";
    private static JavaClientRelease old;
    private static JavaClientRelease v41;
    private static JavaClientRelease v44;

    @BeforeAll
    static void load() {
        MavenKafkaResolver resolver = new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository());
        try {
            old = JavaClientRelease.load("3.9.1", resolver);
            v41 = JavaClientRelease.load("4.1.2", resolver);
            v44 = JavaClientRelease.load("4.4.0", resolver);
        } catch (IllegalArgumentException unresolvable) {
            assumeTrue(false, "kafka-clients 3.9.1/4.1.2/4.4.0 neither in the local Maven repository nor on Maven Central: " + unresolvable.getMessage());
        }
    }

    @Test
    void featuresFollowTheReleaseAndTheAdapterRange() {
        assertFalse(old.supports(ClientFeature.CONSUMER_GROUP_PROTOCOL));
        assertFalse(old.supports(ClientFeature.CRASH_MEMBER));
        assertTrue(v41.supports(ClientFeature.CONSUMER_GROUP_PROTOCOL) && v41.supports(ClientFeature.CRASH_MEMBER));
        assertTrue(v44.supports(ClientFeature.CRASH_MEMBER));
        assertEquals(ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter", JavaClientRelease.adapter(KafkaVersion.parse("4.0.0")));
        assertEquals(ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter41", JavaClientRelease.adapter(KafkaVersion.parse("4.1.0")));
        assertEquals(ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter44", JavaClientRelease.adapter(KafkaVersion.parse("4.4.0")));
    }

    /**
     * What the txn and group workloads ask the run's client for ({@code transactional}, {@code members}, {@code pollers})
     * wraps Kafka clients of the release itself: classes of the release's jar, defined by its own loader, not the built-in ones.
     */
    @Test
    void theTxnAndGroupWorkloadsClientsAreTheReleasesOwnClasses() throws Exception {
        for (JavaClientRelease release : List.of(old, v44)) {
            WorkloadContext ctx = new WorkloadContext(() -> NOWHERE, "t", 1, (short) 1, Map.of(), Map.of(), Map.of(), 1, 1, 1, 1,
                    null, Map.of(), release, 1);
            TxnClient txn = release.transactional(ctx, "kchaos-txn-0", Map.of("transactional.id", "kchaos-txn-0")).get();
            GroupClient member = release.members(ctx, "kchaos-member-0", Map.of("group.id", "kchaos-test")).get();
            try {
                assertReleases(release, "org.apache.kafka.clients.producer.KafkaProducer", kafkaClient(((ReleaseTxnClient) txn).p()));
                assertReleases(release, "org.apache.kafka.clients.consumer.KafkaConsumer", kafkaClient(field(member, ClientBridge.Member.class)));
            } finally {
                txn.close(Duration.ZERO);
                member.close(Duration.ZERO);
            }
        }
    }

    private static void assertReleases(JavaClientRelease release, String className, Object client) {
        assertEquals(className, client.getClass().getName());
        assertSame(release.loader(), client.getClass().getClassLoader(), className + " of " + release.version());
        assertNotSame(org.apache.kafka.clients.producer.KafkaProducer.class.getClassLoader(), client.getClass().getClassLoader());
    }

    /** The Kafka client an adapter of the release holds (its one field of an {@code org.apache.kafka.clients} type). */
    private static Object kafkaClient(Object adapter) throws IllegalAccessException {
        for (Field f : adapter.getClass().getDeclaredFields()) {
            if (f.getType().getName().startsWith("org.apache.kafka.clients.")) {
                f.setAccessible(true);
                return f.get(adapter);
            }
        }
        throw new AssertionError(adapter.getClass() + " holds no Kafka client");
    }

    private static Object field(Object o, Class<?> type) throws IllegalAccessException {
        for (Field f : o.getClass().getDeclaredFields()) {
            if (f.getType() == type) {
                f.setAccessible(true);
                return f.get(o);
            }
        }
        throw new AssertionError(o.getClass() + " has no " + type.getSimpleName());
    }

    @Test
    void initTransactionsWithoutABrokerFailsWithTheBuiltInTimeout() {
        for (JavaClientRelease release : List.of(old, v44)) {
            TxnClient p = new ReleaseTxnClient(release.loaderFactory().transactionalProducer(config(Map.of(
                    "transactional.id", "kchaos-txn-test", "max.block.ms", "300"))));
            try {
                assertInstanceOf(TimeoutException.class, assertThrows(RuntimeException.class, p::initTransactions), release.version());
            } finally {
                p.close(Duration.ZERO);
            }
        }
    }

    @Test
    void aTransactionalSettingTheReleaseRefusesFailsInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> old.loaderFactory().transactionalProducer(config(Map.of(
                "transactional.id", "t", "enable.idempotence", "false"))));
        assertTrue(e.getMessage().startsWith("invalid producer settings: ") && e.getMessage().contains("idempotence"), e.getMessage());
    }

    @Test
    void aMemberSubscribesPollsAndClosesAndOnlyReleasesFrom41Crash() {
        for (JavaClientRelease release : List.of(old, v41, v44)) {
            GroupClient m = member(release);
            m.subscribe("t", new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                }
            });
            assertEquals(List.of(), m.poll(Duration.ofMillis(50)), release.version());
            assertInstanceOf(TimeoutException.class, assertThrows(RuntimeException.class,
                    () -> m.committed(List.of(new TopicPartition("t", 0)), Duration.ofMillis(200))), release.version());
            if (release.supports(ClientFeature.CRASH_MEMBER)) m.crash();
            else {
                assertThrows(UnsupportedOperationException.class, m::crash);
                m.close(Duration.ZERO);
            }
        }
    }

    @Test
    void aPollerSeeksToTheEndThroughTheRelease() {
        PollClient c = JavaClientRelease.poller(old.loaderFactory().consumer(config(Map.of("isolation.level", "read_committed"))));
        try {
            assertInstanceOf(TimeoutException.class, assertThrows(RuntimeException.class,
                    () -> c.seekToEnd(List.of(new TopicPartition("t", 0)), Duration.ofMillis(200))));
        } finally {
            c.close(Duration.ZERO);
        }
    }

    private static GroupClient member(JavaClientRelease release) {
        return new ReleaseGroupClient(release.loaderFactory().member(config(Map.of("group.id", "kchaos-test",
                "key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer",
                "value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer"))));
    }

    private static Map<String, Object> config(Map<String, Object> extra) {
        Map<String, Object> c = new HashMap<>(Map.of("bootstrap.servers", NOWHERE));
        c.putAll(extra);
        return c;
    }
}
