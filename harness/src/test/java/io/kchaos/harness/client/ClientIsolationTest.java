package io.kchaos.harness.client;

import io.kchaos.cluster.version.MavenKafkaResolver;
import io.kchaos.workload.SendClient;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two kafka-clients releases (3.9.1 and 4.1.2; and 4.4.0, the second adapter's range) loaded side by side in this JVM, each by its own
 * {@link ClientClassLoader}, next to the built-in 4.1.1. The jars are resolved like {@code --client-version} does:
 * from the local Maven repository, else once from Maven Central; the test is skipped, saying so, only when neither
 * has them.
 */
class ClientIsolationTest {
    private static JavaClientRelease old;
    private static JavaClientRelease fixed;

    @BeforeAll
    static void load() {
        MavenKafkaResolver resolver = new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository());
        try {
            old = JavaClientRelease.load("3.9.1", resolver);
            fixed = JavaClientRelease.load("4.1.2", resolver);
        } catch (IllegalArgumentException unresolvable) {
            assumeTrue(false, "kafka-clients 3.9.1/4.1.2 neither in the local Maven repository nor on Maven Central: " + unresolvable.getMessage());
        }
    }

    @Test
    void eachReleaseReportsItsOwnVersionFromItsOwnClasses() throws Exception {
        assertEquals("3.9.1", old.version());
        assertEquals("4.1.2", fixed.version());
        assertEquals("4.1.1", AppInfoParser.getVersion(), "the built-in client is untouched");
        Class<?> oldProducer = old.loader().loadClass(KafkaProducer.class.getName());
        Class<?> fixedProducer = fixed.loader().loadClass(KafkaProducer.class.getName());
        assertNotSame(KafkaProducer.class, oldProducer);
        assertNotSame(oldProducer, fixedProducer);
        assertSame(old.loader(), oldProducer.getClassLoader());
        assertInstanceOf(ClientClassLoader.class, old.loader());
        assertSame(SendClient.class, old.loader().loadClass(SendClient.class.getName()), "kchaos's interfaces come from the parent");
        assertSame(ClientBridge.Factory.class, old.loader().loadClass(ClientBridge.Factory.class.getName()));
    }

    @Test
    void aSendThatCannotGetMetadataFailsWithTheBuiltInTimeoutException() throws Exception {
        assertInstanceOf(TimeoutException.class, sendWithoutBroker(old));
    }

    /** The error of one send through {@code release} to a bootstrap address nothing listens on (300 ms max.block.ms). */
    private static Exception sendWithoutBroker(JavaClientRelease release) throws Exception {
        Map<String, Object> config = new HashMap<>(Map.of("bootstrap.servers", "127.0.0.1:9", "max.block.ms", "300"));
        SendClient sender = JavaClientRelease.sender(release.loaderFactory().producer(config));
        CompletableFuture<Exception> error = new CompletableFuture<>();
        try {
            sender.send("t", 0, "k0", "1", (metadata, e) -> error.complete(e));
        } catch (RuntimeException thrown) {
            error.complete(thrown);
        } finally {
            sender.close(Duration.ZERO);
        }
        return error.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSettingTheReleaseRefusesFailsInOneLine() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> fixed.loaderFactory().consumer(Map.of("bootstrap.servers", "127.0.0.1:9", "fetch.min.bytes", "-5")));
        assertTrue(e.getMessage().startsWith("invalid consumer settings: ") && e.getMessage().contains("fetch.min.bytes"), e.getMessage());
    }

    @Test
    void theReleasesExceptionsBecomeTheBuiltInOnes() throws Exception {
        ClassLoader loader = old.loader();
        Throwable wakeup = (Throwable) loader.loadClass(WakeupException.class.getName()).getConstructor().newInstance();
        assertInstanceOf(WakeupException.class, ReleaseErrors.translate(wakeup));
        Throwable nae = (Throwable) loader.loadClass(NotEnoughReplicasException.class.getName()).getConstructor(String.class).newInstance("2 < 3");
        RuntimeException translated = ReleaseErrors.translate(nae);
        assertInstanceOf(NotEnoughReplicasException.class, translated);
        assertEquals("2 < 3", translated.getMessage());
        IllegalStateException jdk = new IllegalStateException("x");
        assertSame(jdk, ReleaseErrors.translate(jdk));
    }

    @Test
    void release44UsesItsOwnAdapterForTheMovedAppInfoParser() throws Exception {
        assertEquals(ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter41", JavaClientRelease.adapter(io.kchaos.cluster.version.KafkaVersion.parse("4.3.2")));
        assertEquals(ClientClassLoader.ADAPTER_PACKAGE + "ReleaseAdapter44", JavaClientRelease.adapter(io.kchaos.cluster.version.KafkaVersion.parse("4.4.0")));
        JavaClientRelease newest;
        try {
            newest = JavaClientRelease.load("4.4.0", new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository()));
        } catch (IllegalArgumentException unresolvable) {
            assumeTrue(false, "kafka-clients 4.4.0 neither in the local Maven repository nor on Maven Central: " + unresolvable.getMessage());
            return;
        }
        assertEquals("4.4.0", newest.version());
        assertInstanceOf(TimeoutException.class, sendWithoutBroker(newest));
    }

    @Test
    void versionsOutsideTheRangeOrMalformedAreRefusedBeforeResolving() {
        MavenKafkaResolver nowhere = new MavenKafkaResolver(java.nio.file.Path.of("/nonexistent"));
        assertEquals("--client-version 2.8.2 is outside the supported kafka-clients releases 3.0 to 4.4",
                assertThrows(IllegalArgumentException.class, () -> JavaClientRelease.load("2.8.2", nowhere)).getMessage());
        assertEquals("--client-version 4.5.0 is outside the supported kafka-clients releases 3.0 to 4.4",
                assertThrows(IllegalArgumentException.class, () -> JavaClientRelease.load("4.5.0", nowhere)).getMessage());
        assertEquals("--client-version 'latest' must look like X.Y.Z (e.g. 3.9.1)",
                assertThrows(IllegalArgumentException.class, () -> JavaClientRelease.load("latest", nowhere)).getMessage());
    }
}
