package io.kchaos.cluster.version;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-version jar cache: a complete entry is found without resolving; a broken one is not. */
class KafkaJarCacheTest {

    @Test
    void storedJarSetIsFoundUntilAJarDisappears(@TempDir Path dir) throws Exception {
        Path repo = Files.createDirectories(dir.resolve("m2/org/x/1.0"));
        Path a = Files.writeString(repo.resolve("kafka_2.13-3.9.1.jar"), "a");
        Path b = Files.writeString(repo.resolve("kafka-clients-3.9.1.jar"), "b");
        KafkaJarCache cache = new KafkaJarCache(dir.resolve("cache"));
        KafkaVersion v = KafkaVersion.parse("3.9.1");
        assertTrue(cache.lookup(v).isEmpty(), "nothing cached yet");
        Path libs = cache.store(v, List.of(a, b));
        assertEquals(libs, cache.lookup(v).orElseThrow());
        assertEquals("a", Files.readString(libs.resolve("kafka_2.13-3.9.1.jar")), "links point at the local repository's jars");
        Files.delete(b);
        assertTrue(cache.lookup(v).isEmpty(), "a jar removed from the local repository: resolve again");
        Files.writeString(b, "b");
        assertEquals(libs, cache.store(v, List.of(a, b)), "a stale entry is replaced");
        assertEquals(libs, cache.lookup(v).orElseThrow());
    }

    @Test
    void aSetWithoutTheReleasesClientsJarIsNotABrokerAndNotFound(@TempDir Path dir) throws Exception {
        Path repo = Files.createDirectories(dir.resolve("m2/org/x/1.0"));
        Path alone = Files.writeString(repo.resolve("kafka_2.13-4.3.1.jar"), "a");
        KafkaJarCache cache = new KafkaJarCache(dir.resolve("cache"));
        KafkaVersion v = KafkaVersion.parse("4.3.1");
        cache.store(v, List.of(alone));
        assertTrue(cache.lookup(v).isEmpty(), "kafka_2.13 without its dependencies (fetched alone, no POM): resolve again");
        assertTrue(!KafkaJarCache.whole(v, List.of("kafka_2.13-4.3.1.jar", "kafka-clients-4.3.0.jar")), "another release's clients");
        assertTrue(KafkaJarCache.whole(v, List.of("kafka_2.13-4.3.1.jar", "kafka-clients-4.3.1.jar")));
    }
}
