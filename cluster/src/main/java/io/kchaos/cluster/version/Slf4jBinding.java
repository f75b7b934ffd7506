package io.kchaos.cluster.version;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a resolved broker logs. Kafka's Maven artifacts bring only the SLF4J API (3.x and 4.x: slf4j-api 1.7.36; the
 * reload4j/log4j2 binding ships with the tarball only), so without a binding a broker logs nothing: this adds
 * {@code slf4j-simple} of the same SLF4J version, which writes to stderr (the node's server.log).
 */
public final class Slf4jBinding {
    private static final Pattern API = Pattern.compile("slf4j-api-(\\d+\\.\\d+\\.\\d+)\\.jar");
    private static final List<String> BINDINGS = List.of("slf4j-simple-", "slf4j-reload4j-", "slf4j-log4j12-",
            "log4j-slf4j-impl-", "log4j-slf4j2-impl-", "logback-classic-", "slf4j-jdk14-", "slf4j-nop-");

    private Slf4jBinding() {
    }

    /** The coordinates of the binding to add to {@code jars}, or empty when it has one already (or no SLF4J at all). */
    public static Optional<String> missing(List<Path> jars) {
        List<String> names = jars.stream().map(p -> p.getFileName().toString()).toList();
        if (names.stream().anyMatch(n -> BINDINGS.stream().anyMatch(n::startsWith))) return Optional.empty();
        return names.stream().map(API::matcher).filter(Matcher::matches).findFirst()
                .map(m -> "org.slf4j:slf4j-simple:" + m.group(1));
    }
}
