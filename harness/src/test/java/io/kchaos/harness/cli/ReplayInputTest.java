package io.kchaos.harness.cli;

import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input to {@code run --replay-faults} and {@code shrink}: one line on stderr, exit 2, no stack trace, nothing started. */
class ReplayInputTest {
    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new String[] {Integer.toString(exit), err.toString()};
    }

    private static void assertOneLine(String[] result, String expected) {
        assertEquals("2", result[0], result[1]);
        assertEquals(1, result[1].strip().lines().count(), result[1]);
        assertTrue(result[1].contains(expected), result[1]);
        assertFalse(result[1].contains("\tat "), "no stack trace");
    }

    /** A planted run folder with a history of one kill of a leader and its restart. */
    private static Path planted(Path store, boolean lost) throws Exception {
        Path dir = PlantedStore.run(store, new PlantedStore.Plan(lost ? "leader-kill-acks1" : "safe-default", "kill-leader", "4.4.0", lost, 100, 1),
                Instant.now());
        try (HistoryWriter h = new HistoryWriter(dir.resolve("history.jsonl"))) {
            h.invoke(Op.NEMESIS, "kill", Json.object().put("role", "leader").put("leader-of", 0).set("nodes", Json.MAPPER.createArrayNode().add(1)));
            h.complete(Op.NEMESIS, OpType.INFO, "kill", Json.object().set("nodes", Json.MAPPER.createArrayNode().add(1)), null);
            h.invoke(Op.NEMESIS, "start", Json.object().set("nodes", Json.MAPPER.createArrayNode().add(1)));
            h.complete(Op.NEMESIS, OpType.INFO, "start", Json.object().set("nodes", Json.MAPPER.createArrayNode().add(1)), null);
        }
        return dir;
    }

    @Test
    void aValidRunHasNothingToShrink(@TempDir Path store) throws Exception {
        Path valid = planted(store, false);
        assertOneLine(runErr("shrink", valid.toString()), "was VALID: nothing to shrink");
    }

    @Test
    void anInvalidRunWithOneFaultHasNothingToShrinkEither(@TempDir Path store) throws Exception {
        Path invalid = planted(store, true);
        assertOneLine(runErr("shrink", invalid.toString()), "has 1 fault(s) in its schedule: nothing to shrink");
    }

    @Test
    void missingFoldersFoldersThatAreNoRunAndDamagedHistoriesAreRefused(@TempDir Path store) throws Exception {
        assertOneLine(run("shrink", store.resolve("nope").toString()), "no such run folder");
        assertOneLine(run("run", "--replay-faults", store.resolve("nope").toString()), "no such run folder");
        Path empty = Files.createDirectories(store.resolve("empty"));
        assertOneLine(run("shrink", empty.toString()), "not a run folder (no run.json)");
        Path run = planted(store, true);
        Files.delete(run.resolve("history.jsonl"));
        assertOneLine(run("run", "--replay-faults", run.toString()), "run folder without a history");
        Files.writeString(run.resolve("history.jsonl"), "{\"index\":0,\"time\":1,\"process\":\"nemesis\",\"type\":\"invoke\",\"f\":\"kill\",\"value\":{}}\n"
                + "{\"index\":5,\"time\":2}\n");
        assertOneLine(run("shrink", run.toString()), "damaged history: " + run.resolve("history.jsonl") + " line 2");
        Files.writeString(run.resolve("run.json"), "{\"name\": ");
        assertOneLine(run("run", "--replay-faults", run.toString()), "damaged run.json");
        assertOneLine(run("run", "--replay-keep", "1"), "--replay-keep needs --replay-faults");
    }

    @Test
    void aReplayOfARunWhoseSecretWasRedactedAsksForItAgain(@TempDir Path store) throws Exception {
        Path run = planted(store, true);
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.putObject(io.kchaos.history.folder.RunFields.BROKER_CONFIG).put("ssl.keystore.password", "[redacted]");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
        assertOneLine(run("run", "--replay-faults", run.toString()),
                "the run recorded the secret ssl.keystore.password but does not keep its value: give it again (--broker-config ssl.keystore.password=...)");
    }

    /** shrink's "nothing to shrink" goes to System.err directly (it is a verdict line, not a picocli error). */
    private static String[] runErr(String... args) {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            String[] r = run(args);
            return new String[] {r[0], r[1] + bytes.toString(java.nio.charset.StandardCharsets.UTF_8)};
        } finally {
            System.setErr(saved);
        }
    }
}
