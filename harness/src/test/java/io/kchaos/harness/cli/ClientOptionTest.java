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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code run --client} and {@code --client-version}: a client that cannot run, or a workload it does not cover, is
 * refused in one line before anything is created.
 */
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
    void workloadsOtherThanQueueAndTxnAndUnknownClientsAreRefused() {
        assertRefused("--client librdkafka runs the queue and txn workloads only, not group", "--client", "librdkafka", "--workload", "group");
        err.getBuffer().setLength(0);
        assertRefused("unknown --client 'rust'; known: java, librdkafka", "--client", "rust");
    }

    @Test
    void clientVersionsOutsideTheRangeOrWithWorkloadsItDoesNotDriveOrOtherClientsAreRefused() {
        assertRefused("--client-version 2.8.2 is outside the supported kafka-clients releases 3.0 to 4.4", "--client-version", "2.8.2");
        err.getBuffer().setLength(0);
        assertRefused("--client-version 'new' must look like X.Y.Z", "--client-version", "new");
        err.getBuffer().setLength(0);
        assertRefused("--client-version runs the queue, txn and group workloads, not share (its share consumers (KIP-932) are the built-in client's)",
                "--client-version", "3.9.1", "--workload", "share");
        err.getBuffer().setLength(0);
        assertRefused("--client-version runs the queue, txn and group workloads, not metadata (it runs admin clients only, which are built in)",
                "--client-version", "3.9.1", "--workload", "metadata");
        err.getBuffer().setLength(0);
        assertRefused("--client-version runs the queue, txn and group workloads, not txn,metadata", "--client-version", "3.9.1", "--workload", "txn,metadata");
        err.getBuffer().setLength(0);
        assertRefused("--client-version is a kafka-clients release: give it with --client java, not librdkafka",
                "--client-version", "3.9.1", "--client", "librdkafka");
        err.getBuffer().setLength(0);
        assertRefused("--client librdkafka writes one topic", "--client", "librdkafka", "--workload-option", "topics=2");
    }

    /** The txn workload on librdkafka: its transactional producer's settings are checked before anything starts. */
    @Test
    void txnRunsOnLibrdkafkaWithItsTransactionalSettingsCheckedFirst() throws Exception {
        assumeTrue(new ProcessBuilder(RdkafkaClientKind.DEFAULT_PYTHON, "-c", "import confluent_kafka").start().waitFor() == 0,
                "python3-confluent-kafka is not installed");
        assertRefused("librdkafka refuses the run's client settings: librdkafka _INVALID_ARG: Failed to create producer: "
                + "`message.timeout.ms` must be set <= `transaction.timeout.ms`",
                "--client", "librdkafka", "--workload", "txn", "--producer-config", "delivery.timeout.ms=30000");
        err.getBuffer().setLength(0);
        assertRefused("Kafka libs folder not found", "--client", "librdkafka", "--workload", "txn", "--kafka-home", dir.resolve("no-kafka").toString());
        err.getBuffer().setLength(0);
        // a librdkafka setting the Java producer does not define is librdkafka's to judge (its probe), not refused by
        // kafka-clients' names: the run gets to the broker
        assertRefused("Kafka libs folder not found", "--client", "librdkafka", "--workload", "txn", "--producer-config",
                "socket.timeout.ms=3000", "--kafka-home", dir.resolve("no-kafka").toString());
    }

    /** A run that gets past the client check stops at the broker: a Kafka home that does not exist (nothing starts). */
    @Test
    void txnAndGroupRunOnARelease() {
        assumeTrue(Files.exists(RELEASE_391), "kafka-clients 3.9.1 is not in the local Maven repository");
        String noKafka = dir.resolve("no-kafka").toString();
        for (String workload : new String[]{"txn", "group"}) {
            assertRefused("Kafka libs folder not found", "--client-version", "3.9.1", "--workload", workload, "--kafka-home", noKafka);
            err.getBuffer().setLength(0);
        }
    }

    @Test
    void groupSettingsA39ReleaseLacksAreRefusedBeforeAnythingStarts() {
        assumeTrue(Files.exists(RELEASE_391), "kafka-clients 3.9.1 is not in the local Maven repository");
        assertRefused("crash-rate=0.5 needs closing a group member without leaving the group (CloseOptions, KIP-1092), in kafka-clients 4.1 "
                + "and later; this run's client is java 3.9.1; use crash-rate=0", "--client-version", "3.9.1", "--workload", "group",
                "--workload-option", "crash-rate=0.5");
        err.getBuffer().setLength(0);
        assertRefused("group-protocol=consumer needs the consumer group protocol (KIP-848, GA), in kafka-clients 4.0 and later",
                "--client-version", "3.9.1", "--workload", "group", "--workload-option", "group-protocol=consumer");
        err.getBuffer().setLength(0);
        assertRefused("group.protocol=consumer needs the consumer group protocol", "--client-version", "3.9.1", "--workload", "group",
                "--consumer-config", "group.protocol=consumer");
    }

    private static final Path RELEASE_391 = Path.of(System.getProperty("user.home"),
            ".m2/repository/org/apache/kafka/kafka-clients/3.9.1/kafka-clients-3.9.1.jar");
}
