package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --backend}: each backend refuses, up front and in one line, the faults it cannot inject. */
class BackendOptionTest {
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(err, true), args);
    }

    @Test
    void toxiproxyFaultsNeedTheDockerBackend(@TempDir Path store) {
        assertEquals(2, run("run", "--nemesis", "kill-leader,toxic-latency", "--store", store.toString()));
        assertTrue(err.toString().startsWith("kchaos: nemesis 'toxic-latency' is unavailable with --backend local: "
                + "Toxiproxy faults need Toxiproxy in front of the brokers (--backend docker)"), err.toString());
        assertFalse(Files.exists(store.resolve("latest")), "refused before any run folder or cluster");
    }

    @Test
    void namespaceFaultsAreRefusedByTheDockerBackend(@TempDir Path store) {
        assertEquals(2, run("run", "--backend", "docker", "--nemesis", "isolate,partition", "--store", store.toString()));
        assertTrue(err.toString().startsWith("kchaos: nemesis 'partition' is unavailable with --backend docker: "), err.toString());
        assertFalse(err.toString().contains("isolate"), "isolate is a Docker fault: " + err);
    }

    @Test
    void unknownBackendExits2() {
        assertEquals(2, run("run", "--backend", "kubernetes"));
        assertTrue(err.toString().contains("--backend"), err.toString());
    }
}
