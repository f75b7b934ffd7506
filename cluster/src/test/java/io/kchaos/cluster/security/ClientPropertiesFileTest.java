package io.kchaos.cluster.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientPropertiesFileTest {
    @TempDir
    Path dir;

    private Path file(String text) throws Exception {
        return Files.writeString(dir.resolve("client.properties"), text);
    }

    private String refusal(String text) throws Exception {
        Path f = file(text);
        String line = assertThrows(IllegalArgumentException.class, () -> ClientPropertiesFile.read(f)).getMessage();
        assertFalse(line.contains("\n"), line);
        assertTrue(line.startsWith("--client-properties " + f), line);
        return line;
    }

    @Test
    void aToolsFileWithTlsAndScramIsTakenWhole() throws Exception {
        Path trust = Files.writeString(dir.resolve("trust.p12"), "x");
        Map<String, String> s = ClientPropertiesFile.read(file("# staging\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n"
                + "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"s3cret\";\n"
                + "ssl.truststore.location=" + trust + "\nssl.truststore.password=storepass\n"));
        assertEquals("SASL_SSL", s.get("security.protocol"));
        assertEquals(5, s.size());
        assertTrue(ClientPropertiesFile.tls(s));
        Map<String, String> recorded = ClientPropertiesFile.recorded(s);
        assertEquals("[redacted]", recorded.get("sasl.jaas.config"));
        assertEquals("[redacted]", recorded.get("ssl.truststore.password"));
        assertEquals("SCRAM-SHA-512", recorded.get("sasl.mechanism"));
        assertFalse(recorded.toString().contains("s3cret") || recorded.toString().contains("storepass"));
    }

    @Test
    void aSaslPlaintextLoginIsNotTls() throws Exception {
        assertFalse(ClientPropertiesFile.tls(ClientPropertiesFile.read(file("security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\n"))));
    }

    @Test
    void settingsBeyondTheConnectionsSecurityAreRefusedByName() throws Exception {
        String line = refusal("security.protocol=SSL\nacks=1\nbootstrap.servers=a:9092\n");
        assertTrue(line.contains("not acks, bootstrap.servers"), line);
    }

    @Test
    void noProtocolAnUnknownOneAMissingStoreAndAMissingFileAreOneLineEach() throws Exception {
        assertTrue(refusal("sasl.mechanism=PLAIN\n").contains("names no security.protocol"));
        assertTrue(refusal("security.protocol=TLS\n").contains("is not one of"));
        assertTrue(refusal("security.protocol=SSL\nssl.truststore.location=" + dir.resolve("none.p12") + "\n").contains("is not a readable file"));
        Path missing = dir.resolve("missing.properties");
        String line = assertThrows(IllegalArgumentException.class, () -> ClientPropertiesFile.read(missing)).getMessage();
        assertTrue(line.contains("cannot read it"), line);
    }
}
