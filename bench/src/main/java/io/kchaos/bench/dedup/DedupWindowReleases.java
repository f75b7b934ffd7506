package io.kchaos.bench.dedup;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.MavenKafkaResolver;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs {@link DedupWindowProbe} on each Kafka release given, each in a JVM of its own whose class path is that release's
 * {@code kafka-storage} jar and its runtime dependencies (resolved from Maven Central into the local repository), and
 * prints the write-up's table. {@code bench/dedup-window [RELEASE...]}; exit 2 on a release that cannot be resolved.
 */
public final class DedupWindowReleases {
    /** Every release from 3.7.0 to 4.4.0 (the ones kchaos runs); a release Maven Central does not serve is reported. */
    static final List<String> DEFAULT_RELEASES = List.of("3.7.0", "3.7.1", "3.7.2", "3.8.0", "3.8.1", "3.9.0", "3.9.1", "3.9.2",
            "4.0.0", "4.0.1", "4.0.2", "4.1.0", "4.1.1", "4.1.2", "4.2.0", "4.2.1", "4.2.2", "4.3.0", "4.3.1", "4.3.2", "4.4.0");

    private static final CommandRunner RUNNER = new ProcessCommandRunner();

    private DedupWindowReleases() {
    }

    public static void main(String[] args) {
        List<String> releases = args.length == 0 ? DEFAULT_RELEASES : List.of(args);
        MavenKafkaResolver resolver = new MavenKafkaResolver(MavenKafkaResolver.defaultLocalRepository());
        System.out.println(DedupWindowOutcome.tableHeader());
        int failures = 0;
        for (String release : releases) {
            try {
                System.out.println(run(resolver, release).tableRow());
            } catch (IllegalArgumentException | IOException e) {
                failures++;
                System.out.println("| " + release + " | " + e.getMessage().replace('|', '/') + " | | | | | not run |");
            }
        }
        System.exit(failures == 0 ? 0 : 2);
    }

    /** Resolves {@code release}'s storage jars and runs the probe on them in a new JVM. */
    public static DedupWindowOutcome run(MavenKafkaResolver resolver, String release) throws IOException {
        KafkaVersion.parse(release);
        List<Path> jars = resolver.resolve("org.apache.kafka:kafka-storage:" + release);
        // the release's jars first: the bench jar's manifest class path (kchaos's own kafka-clients) must not win
        List<String> classPath = new ArrayList<>();
        jars.forEach(j -> classPath.add(j.toString()));
        classPath.add(probeLocation());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        CommandResult r = RUNNER.run(java, "-cp", String.join(File.pathSeparator, classPath), DedupWindowProbe.class.getName());
        String line = r.stdout().lines().filter(l -> l.startsWith("storage-jar=")).findFirst()
                .orElseThrow(() -> new IOException("the probe on " + release + " exited " + r.exitCode() + ": "
                        + r.stderr().lines().filter(l -> !l.startsWith("SLF4J")).limit(3).collect(Collectors.joining(" "))));
        return DedupWindowOutcome.parse(release, line);
    }

    private static String probeLocation() {
        try {
            return Path.of(DedupWindowProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
