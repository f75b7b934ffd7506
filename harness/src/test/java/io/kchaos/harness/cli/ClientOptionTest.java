package io.kchaos.harness.cli;

import io.kchaos.workload.rdkafka.RdkafkaClientKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run --client}: a librdkafka client that cannot run, or a workload it does not cover, is refused before anything is created. */
class ClientOptionTest {
    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    @AfterEach
    void restore() {
        System.clearProperty(RdkafkaClientKind.PYTHON_PROPERTY);
    }

    private void assertRefused(String mustContain, String... args) {
        Path store = dir.resolve("store");
        String[] all = new String[args.length + 4];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--no-namespaces";
        all[args.length + 2] = "--store";
        all[args.length + 3] = store.toString();
        assertEquals(2, Main.execute(new PrintWriter(err, true), all));
        String e = err.toString();
        assertEquals(1, e.lines().count(), "one line: " + e);
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertFalse(Files.exists(store), "nothing created");
    }

    @Test
    void aMissingInterpreterIsExit2OnOneLine() {
        String python = dir.resolve("no-python3").toString();
        System.setProperty(RdkafkaClientKind.PYTHON_PROPERTY, python);
        assertRefused("--client librdkafka needs " + python + " with the confluent_kafka module", "--client", "librdkafka");
    }

    @Test
    void workloadsOtherThanQueueAndUnknownClientsAreRefused() {
        assertRefused("--client librdkafka runs the queue workload only, not txn", "--client", "librdkafka", "--workload", "txn");
        err.getBuffer().setLength(0);
        assertRefused("unknown --client 'rust'; known: java, librdkafka", "--client", "rust");
    }
}
