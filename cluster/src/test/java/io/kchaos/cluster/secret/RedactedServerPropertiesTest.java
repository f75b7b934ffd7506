package io.kchaos.cluster.secret;

import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class RedactedServerPropertiesTest {
    private static final String PLANTED = "PLANTED-SECRET-91f3";

    @TempDir
    Path nodes;

    @Test
    void eachNodesFileLosesItsSecretsAndKeepsTheRest() throws IOException {
        NodeListeners node = new NodeListeners(1, Map.of("PLAINTEXT", "127.0.0.1:9092", "CONTROLLER", "127.0.0.1:9093"),
                Map.of("PLAINTEXT", "127.0.0.1:9092"), "PLAINTEXT", "127.0.0.1:9093", List.of("/data/1"));
        Map<String, String> settings = Map.of("ssl.keystore.password", PLANTED, "listener.name.plaintext.plain.sasl.jaas.config",
                "x required password=\"" + PLANTED + "\";", "ssl.keystore.location", "/k.jks", "min.insync.replicas", "2");
        for (String id : List.of("1", "2")) {
            Files.createDirectories(nodes.resolve(id));
            Files.writeString(nodes.resolve(id).resolve("server.properties"), ServerProperties.render(node, List.of(node), settings));
        }
        RedactedServerProperties.redactAll(nodes);
        for (String id : List.of("1", "2")) {
            String text = Files.readString(nodes.resolve(id).resolve("server.properties"));
            assertFalse(text.contains(PLANTED), text);
            Properties p = new Properties();
            p.load(new StringReader(text));
            assertEquals("[redacted]", p.getProperty("ssl.keystore.password"));
            assertEquals("[redacted]", p.getProperty("listener.name.plaintext.plain.sasl.jaas.config"));
            assertEquals("/k.jks", p.getProperty("ssl.keystore.location"));
            assertEquals("2", p.getProperty("min.insync.replicas"));
            assertEquals("1", p.getProperty("node.id"));
        }
    }

    @Test
    void aValueContinuedOverLinesGoesWhole() {
        List<String> lines = List.of("# a comment\\", "sasl.jaas.config=a \\", "  b " + PLANTED + " \\", "  c;", "acks=all");
        assertEquals(List.of("# a comment\\", "sasl.jaas.config=[redacted]", "acks=all"), RedactedServerProperties.redact(lines));
    }

    @Test
    void noNodesFolderIsNothingToDo() {
        RedactedServerProperties.redactAll(nodes.resolve("absent"));
    }
}
