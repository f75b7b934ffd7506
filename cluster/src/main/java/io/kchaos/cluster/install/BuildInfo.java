package io.kchaos.cluster.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** What the build wrote into the jar: kchaos's own version and the default broker's version. */
public record BuildInfo(String version, String kafkaVersion) {
    private static final String RESOURCE = "/io/kchaos/harness/build.properties";

    /** The build's values; "unknown" where the classes were not built by Maven (an IDE without resource filtering). */
    public static BuildInfo current() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new BuildInfo(filtered(p, "kchaos.version"), filtered(p, "kafka.version"));
    }

    private static String filtered(Properties p, String key) {
        String v = p.getProperty(key, "");
        return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
    }
}
