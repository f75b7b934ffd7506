package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exit codes and refusals of the CLI, one test per rule: outputs never overwrite inputs or foreign files, stdin is a
 * history, a pipe by name is refused with the reason, bad run settings create nothing, every failure (Errors included)
 * is exit 2 on one line, and a huge line cannot exhaust the heap.
 */
class RefusalRulesTest {
    private static final String SEND_AND_DRAIN = "{\"index\":0,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1}}\n"
            + "{\"index\":1,\"time\":2,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"k1\",\"value\":1,\"partition\":0,\"offset\":0}}\n"
            + "{\"index\":2,\"time\":3,\"process\":1,\"type\":\"invoke\",\"f\":\"drain\",\"value\":null}\n"
            + "{\"index\":3,\"time\":4,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[{\"partition\":0,\"offset\":0,\"key\":\"k1\",\"value\":1}],\"end-offsets\":{\"0\":1}}}\n";

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(err, true), args);
    }

    private void assertOneLine(String mustContain) {
        String e = err.toString();
        assertEquals(1, e.lines().count(), "one line: " + e);
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
    }

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputKept() throws Exception {
        Path h = Files.writeString(dir.resolve("h.jsonl"), SEND_AND_DRAIN);
        assertEquals(2, run("check", h.toString(), "--out", dir.resolve(".").resolve("h.jsonl").toString()));
        assertOneLine("is an input of this command");
        assertEquals(SEND_AND_DRAIN, Files.readString(h));
    }

    @Test
    void anExistingFileKchaosDidNotWriteIsNeverOverwritten() throws Exception {
        Path h = Files.writeString(dir.resolve("h.jsonl"), SEND_AND_DRAIN);
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes");
        assertEquals(2, run("check", h.toString(), "--out", notes.toString()));
        assertOneLine("exists and is not a kchaos results.json; not overwritten");
        assertEquals("my notes", Files.readString(notes));
        Path results = dir.resolve("results.json");
        assertEquals(0, run("check", h.toString(), "--out", results.toString()));
        assertEquals(0, run("check", h.toString(), "--out", results.toString()), "an earlier results.json may be replaced");
    }

    @Test
    void verifyLogsRefusesAnOutputInsideItsInputs() throws Exception {
        Path logDir = Files.createDirectories(dir.resolve("data"));
        assertEquals(2, run("verify-logs", logDir.toString(), "--out", logDir.resolve("results.json").toString()));
        assertOneLine("inside the input directory");
    }

    @Test
    void dashReadsTheHistoryFromStandardInput() {
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(SEND_AND_DRAIN.getBytes(StandardCharsets.UTF_8)));
            assertEquals(0, run("check", "-"));
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void aNamedPipeAsTheHistoryIsRefusedWithTheReason() throws Exception {
        Path fifo = dir.resolve("h.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertEquals(2, run("check", fifo.toString()));
        assertOneLine("history is not a regular file (a named pipe or device can be read only once");
    }

    @Test
    void aHistoryWithNothingToJudgeIsExit2WithTheReason() throws Exception {
        Path h = Files.writeString(dir.resolve("h.jsonl"), " \n");
        assertEquals(2, Main.execute(new PrintWriter(err, true), "check", h.toString(), "--out", dir.resolve("r.json").toString()));
        String results = Files.readString(dir.resolve("r.json"));
        assertTrue(results.contains("\"valid\" : \"unknown\"") && results.contains("\"reason\" : \"nothing to judge"), results);
    }

    @Test
    void usageErrorsAreOneLine() {
        assertEquals(2, run("check"));
        assertOneLine("Missing required parameter");
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "--time-limt", "5"));
        assertOneLine("--time-limit");
    }

    @Test
    void anEmptyConfigKeyIsRefusedBeforeAnythingIsCreated() {
        Path store = dir.resolve("store");
        assertEquals(2, run("run", "--no-namespaces", "--broker-config", "=5", "--store", store.toString()));
        assertOneLine("--broker-config needs KEY=VALUE with a non-empty key");
        assertFalse(Files.exists(store), "nothing created");
    }

    @Test
    void anUnknownClientConfigKeyIsRefused() {
        assertEquals(2, run("run", "--no-namespaces", "--producer-config", "ackss=all", "--store", dir.resolve("store").toString()));
        assertOneLine("Kafka's producer does not define ackss");
        assertFalse(Files.exists(dir.resolve("store")));
    }

    @Test
    void anUnknownBrokerConfigKeyIsRefusedByTheReleasesOwnDefinitions() {
        Path store = dir.resolve("store");
        assertEquals(2, run("run", "--no-namespaces", "--broker-config", "min.insync.replica=2", "--store", store.toString()));
        assertOneLine("does not define min.insync.replica");
        assertFalse(Files.exists(store), "no run folder, no store/latest");
    }

    @Test
    void clientPropertiesAreForAnExistingClusterOnlyAndABadFileIsOneLine() throws Exception {
        Path store = dir.resolve("store");
        Path login = Files.writeString(dir.resolve("client.properties"), "security.protocol=SASL_SSL\nacks=1\n");
        assertEquals(2, run("run", "--no-namespaces", "--client-properties", login.toString(), "--store", store.toString()));
        assertOneLine("--client-properties is for a cluster kchaos did not start");
        err.getBuffer().setLength(0);
        Path hosts = Files.writeString(dir.resolve("hosts.json"), "{\"mode\": \"existing\", \"hosts\": [{\"id\": 1, \"address\": \"127.0.0.1\","
                + " \"bootstrap\": \"127.0.0.1:9092\", \"start\": \"true\", \"stop\": \"true\", \"pid\": \"true\", \"data-dirs\": [\"/d\"]}]}");
        assertEquals(2, run("run", "--backend", "ssh", "--hosts-file", hosts.toString(), "--client-properties", login.toString(), "--store", store.toString()));
        assertOneLine("not acks");
        err.getBuffer().setLength(0);
        Files.writeString(login, "security.protocol=SSL\n");
        assertEquals(2, run("run", "--backend", "ssh", "--hosts-file", hosts.toString(), "--client-properties", login.toString(),
                "--nemesis", "proxy-error", "--store", store.toString()));
        assertOneLine("not yet with --proxy or a proxy-* fault");
        assertFalse(Files.exists(store), "nothing created");
    }

    @Test
    void aKafkaDistributionThatCannotBeUsedCreatesNothing() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store"));
        assertEquals(2, run("run", "--no-namespaces", "--kafka-home", dir.resolve("no-kafka").toString(), "--store", store.toString()));
        assertOneLine("Kafka libs folder not found");
        try (var left = Files.list(store)) {
            assertEquals(List.of(), left.toList(), "no run folder, no latest link");
        }
    }

    @Test
    void anErrorIsExit2OnOneLineNeverAnomaliesFound() {
        assertEquals(2, ErrorHandlers.report(new OutOfMemoryError("Java heap space"), new PrintWriter(err, true)));
        assertOneLine("out of memory (Java heap space)");
        err.getBuffer().setLength(0);
        assertEquals(2, ErrorHandlers.report(new RuntimeException("wrapped", new StackOverflowError()), new PrintWriter(err, true)));
        assertEquals(1, err.toString().lines().count(), err.toString());
    }

    @Test
    void aHugeDrainLineIsRefusedWithoutExhaustingTheHeap() throws Exception {
        Path h = dir.resolve("huge.jsonl");
        try (var w = Files.newBufferedWriter(h)) {
            w.write(SEND_AND_DRAIN.substring(0, SEND_AND_DRAIN.indexOf("{\"index\":3")));
            w.write("{\"index\":3,\"time\":4,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[");
            for (int i = 0; i < 800_000; i++) w.write((i == 0 ? "" : ",") + "{\"partition\":0,\"offset\":" + i + ",\"key\":\"k1\",\"value\":" + i + "}");
            w.write("],\"end-offsets\":{\"0\":800000}}}\n");
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "check", h.toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), stderr);
        assertEquals(1, stderr.lines().count(), stderr);
        assertTrue(stderr.contains("line 4: longer than 8388608 characters"), stderr);
    }
}
