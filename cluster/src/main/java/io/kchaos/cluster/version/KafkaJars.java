package io.kchaos.cluster.version;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Finds the broker jar set of a Kafka release: from the cache when it was resolved before, else resolved once from
 * Maven Central ({@code org.apache.kafka:kafka_2.13:X.Y.Z} and its runtime dependencies, plus an SLF4J binding) into
 * the local Maven repository and cached.
 */
public final class KafkaJars {
    private final KafkaJarCache cache;
    private final MavenKafkaResolver resolver;
    private final PrintStream progress;

    public KafkaJars(KafkaJarCache cache, MavenKafkaResolver resolver, PrintStream progress) {
        this.cache = cache;
        this.resolver = resolver;
        this.progress = progress;
    }

    /** The default cache and local Maven repository; progress lines go to {@code progress}. */
    public static KafkaJars standard(PrintStream progress) {
        return new KafkaJars(new KafkaJarCache(KafkaJarCache.defaultRoot()),
                new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository()), progress);
    }

    /** The Maven coordinates of a release's broker. */
    public static String coordinates(KafkaVersion v) {
        return "org.apache.kafka:kafka_2.13:" + v;
    }

    /**
     * The folder of the release's jars. Refuses a release kchaos cannot run before touching the network.
     *
     * @throws IllegalArgumentException (one line) for an unsupported release, or one not on Maven Central
     */
    public Path libs(KafkaVersion v) {
        VersionProfile.of(v);
        return cache.lookup(v).orElseGet(() -> resolve(v));
    }

    private Path resolve(KafkaVersion v) {
        progress.println("resolving Kafka " + v + " (" + coordinates(v) + " and its runtime dependencies) into "
                + resolver.localRepository() + " ...");
        long t0 = System.nanoTime();
        List<Path> jars = new ArrayList<>(resolver.resolve(coordinates(v)));
        if (!KafkaJarCache.whole(v, jars.stream().map(j -> j.getFileName().toString()).toList())) {
            throw new IllegalArgumentException("Kafka " + v + " resolved to " + jars.size() + " jar(s) without kafka-clients-" + v
                    + ".jar: the local Maven repository holds " + coordinates(v) + " without its dependencies (its POM is missing?);"
                    + " remove " + resolver.localRepository().resolve("org/apache/kafka/kafka_2.13/" + v) + " and run again");
        }
        Slf4jBinding.missing(jars).ifPresent(binding -> jars.addAll(resolver.resolve(binding)));
        Path libs = cache.store(v, List.copyOf(new LinkedHashSet<>(jars)));
        progress.printf("Kafka %s: %d jars resolved in %.1f s, cached in %s%n", v, jars.size(), (System.nanoTime() - t0) / 1e9, libs);
        return libs;
    }
}
