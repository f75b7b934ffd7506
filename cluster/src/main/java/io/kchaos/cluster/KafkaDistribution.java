package io.kchaos.cluster;

import io.kchaos.cluster.install.Installation;
import io.kchaos.cluster.version.BrokerConfigNames;
import io.kchaos.cluster.version.KafkaJars;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.VersionProfile;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Kafka broker's jar set on disk and its version: the one resolved at build time (the default), one resolved from
 * Maven Central with {@code --kafka-version}, or an official distribution's {@code libs/} given with {@code --kafka-home}.
 */
public record KafkaDistribution(String version, Path libs, List<String> jars) {
    private static final Pattern CORE_JAR = Pattern.compile("kafka_2\\.1[23]-(\\d+\\.\\d+\\.\\d+[^/]*?)\\.jar");

    /** The broker the build resolved (harness/broker-dist), found relative to the installation (see {@link Installation}). */
    public static KafkaDistribution bundled() {
        Installation here = Installation.current();
        Path libs = here.bundledKafkaLibs().orElseThrow(() -> new IllegalArgumentException(
                "no bundled Kafka at " + here.describeKafkaLibsCandidates() + " (in a checkout, build first: mvn -B -DskipTests package)"));
        return fromLibs(libs);
    }

    /**
     * A release by number: the bundled broker when it is that release, else its jar set resolved once from Maven
     * Central into the local Maven repository and cached (a cached release needs no network).
     *
     * @throws IllegalArgumentException (one line) for a release kchaos cannot run or Maven Central does not have
     */
    public static KafkaDistribution forVersion(String version, PrintStream progress) {
        KafkaVersion v = KafkaVersion.parse(version);
        VersionProfile.of(v);
        try {
            KafkaDistribution b = bundled();
            if (b.version().equals(v.toString())) return b;
        } catch (IllegalArgumentException | UncheckedIOException notBuilt) {
            // resolve it like any other release
        }
        return fromLibs(KafkaJars.standard(progress).libs(v));
    }

    /** A distribution folder (with {@code libs/}) or a folder of jars. */
    public static KafkaDistribution fromHome(Path home) {
        Path libs = Files.isDirectory(home.resolve("libs")) ? home.resolve("libs") : home;
        return fromLibs(libs);
    }

    private static KafkaDistribution fromLibs(Path libs) {
        if (!Files.isDirectory(libs)) throw new IllegalArgumentException("Kafka libs folder not found: " + libs);
        List<String> jars;
        try (Stream<Path> s = Files.list(libs)) {
            jars = s.map(x -> x.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = jars.stream().map(CORE_JAR::matcher).filter(Matcher::matches).map(m -> m.group(1))
                .filter(v -> !v.contains("-")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no kafka_2.13-<version>.jar in " + libs + ": not a Kafka broker jar set"));
        return new KafkaDistribution(version, libs.toAbsolutePath(), jars);
    }

    /** Every jar, in name order: the broker's class path, the same on every launch (as a class-data archive needs). */
    public List<Path> jarPaths() {
        return jars.stream().map(libs::resolve).toList();
    }

    /**
     * What differs in this release (format command, features, settings).
     *
     * @throws IllegalArgumentException (one line) for a release kchaos cannot run
     */
    public VersionProfile profile() {
        return VersionProfile.of(version);
    }

    /** The keys of {@code settings} this release does not define (its brokers would ignore them); empty when it cannot tell. */
    public List<String> unknownSettings(Map<String, String> settings) {
        return BrokerConfigNames.of(libs).map(known -> BrokerConfigNames.unknown(known, settings)).orElse(List.of());
    }

    /**
     * {@code settings} as this release takes them when a node of another release is switched to it: the settings it
     * no longer defines (e.g. {@code inter.broker.protocol.version} in 4.x) left out, see {@link VersionProfile#adapt}.
     */
    public Map<String, String> adaptSettings(Map<String, String> settings) {
        return profile().adapt(settings, BrokerConfigNames.of(libs));
    }

    /** Major version, e.g. 4 for 4.1.1. */
    public int major() {
        return Integer.parseInt(version.split("\\.")[0]);
    }
}
