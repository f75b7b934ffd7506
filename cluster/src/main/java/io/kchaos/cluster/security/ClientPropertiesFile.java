package io.kchaos.cluster.security;

import io.kchaos.cluster.secret.SecretSettings;
import org.apache.kafka.common.security.auth.SecurityProtocol;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A client settings file in the format of Kafka's own tools ({@code --command-config client.properties}), given with
 * {@code run --client-properties}: how every kchaos client logs in to a cluster kchaos did not start. Only the
 * connection's security is taken from it ({@code security.protocol}, {@code ssl.*}, {@code sasl.*}); what the clients do
 * (acks, retries, where the brokers are) stays kchaos's and the run's own options.
 */
public final class ClientPropertiesFile {
    /** The store settings whose file must exist before any client tries to open it. */
    private static final List<String> STORES = List.of("ssl.truststore.location", "ssl.keystore.location");

    private ClientPropertiesFile() {
    }

    /** True when kchaos takes {@code key} from the file: it says how the connection is secured, nothing more. */
    static boolean taken(String key) {
        return key.equals("security.protocol") || key.startsWith("ssl.") || key.startsWith("sasl.");
    }

    /**
     * The settings of {@code file}, in key order; IllegalArgumentException (one line naming the file) when it cannot be
     * read, sets anything but the connection's security, names no or an unknown security protocol, or points at a key
     * store that is not there.
     */
    public static Map<String, String> read(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--client-properties " + file + ": cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        Map<String, String> settings = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> settings.put(k, p.getProperty(k).strip()));
        List<String> others = settings.keySet().stream().filter(k -> !taken(k)).toList();
        if (!others.isEmpty()) {
            throw new IllegalArgumentException("--client-properties " + file + ": kchaos takes only the connection's security from it "
                    + "(security.protocol, ssl.*, sasl.*), not " + String.join(", ", others)
                    + " (the hosts file says where the brokers are; give client settings with --producer-config or --consumer-config)");
        }
        String protocol = settings.get("security.protocol");
        if (protocol == null) {
            throw new IllegalArgumentException("--client-properties " + file + ": names no security.protocol (Kafka would connect in "
                    + "PLAINTEXT and ignore the ssl.* and sasl.* settings)");
        }
        if (!SecurityProtocol.names().contains(protocol.toUpperCase(java.util.Locale.ROOT))) {
            throw new IllegalArgumentException("--client-properties " + file + ": security.protocol " + protocol + " is not one of "
                    + SecurityProtocol.names());
        }
        for (String store : STORES) {
            String location = settings.get(store);
            if (location != null && !Files.isReadable(Path.of(location))) {
                throw new IllegalArgumentException("--client-properties " + file + ": " + store + " " + location + " is not a readable file");
            }
        }
        return settings;
    }

    /** True when the connections these settings make are TLS. */
    public static boolean tls(Map<String, String> settings) {
        return settings.getOrDefault("security.protocol", "").toUpperCase(java.util.Locale.ROOT).contains("SSL");
    }

    /** The settings as a record may show them: every secret {@link SecretSettings#REDACTED}. */
    public static Map<String, String> recorded(Map<String, String> settings) {
        return SecretSettings.redacted(settings);
    }
}
