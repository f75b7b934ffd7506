package io.kchaos.harness.run;

import io.kchaos.harness.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cluster secured end to end ({@code --security sasl-scram-tls}: SCRAM over TLS on every listener) with the clients
 * through the kchaos proxy (TLS on both of its sides, SASL passed through) under a protocol fault: VALID, the proxy answered requests with errors, the nodes listened only on secured listeners, run.json names the
 * mode and no file of the run holds the run's passwords, and the certificates' temporary folder is gone.
 */
@Tag("cluster")
class SecuredRunTest {
    @Test
    void saslOverTlsThroughTheProxyUnderFaultsStaysValid(@TempDir Path store) throws Exception {
        List<Path> before = certificateFolders();
        int exit = Main.execute("run", "--security", "sasl-scram-tls", "--nemesis", "proxy-error", "--time-limit", "16",
                "--nemesis-interval", "3", "--fault-duration", "6", "--seed", "5", "--store", store.toString());
        RunHistories h = new RunHistories(store);
        h.assertValid(exit);
        assertTrue(h.nemesis("proxy-error") >= 1, "the fault held: " + h.counts);
        assertTrue(h.counts.getOrDefault("nemesis:proxy-action:ok", 0) >= 1, "the proxy answered with errors: " + h.counts);
        assertEquals("sasl-scram-tls", h.runJson().path("security").asText());
        String server = Files.readString(h.dir.resolve("nodes/1/server.properties"));
        assertTrue(server.contains("listeners=SASL_SSL://"), server);
        assertFalse(server.contains("PLAINTEXT:PLAINTEXT") || server.contains("=PLAINTEXT://"), "no plaintext listener: " + server);
        assertTrue(server.contains("ssl.keystore.password=[redacted]"), "the store password is not written: " + server);
        assertEquals(before, certificateFolders(), "the run's certificates are deleted with its cluster");
    }

    private static List<Path> certificateFolders() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("kchaos-security-")).sorted().toList();
        }
    }
}
