package io.kchaos.harness.cli;

import io.kchaos.history.Json;
import io.kchaos.history.folder.RunFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scenario sets run options' values; options given on the command line win (config maps key by key). */
class ScenarioDefaultsTest {

    private static RunCommand parsed(String... args) {
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.parseArgs(args);
        return run;
    }

    @Test
    void scenarioValuesApplyUnlessGivenOnTheCommandLine() {
        RunCommand run = parsed("--time-limit", "12", "--broker-config", "min.insync.replicas=2", "--producer-config", "linger.ms=5");
        ScenarioDefaults.apply("isr-shrink-unclean", run.spec);
        assertEquals(12, run.timeLimit, "explicit --time-limit wins");
        assertEquals(List.of("isr-shrink"), run.nemesis);
        assertEquals(2, run.replicationFactor);
        assertEquals(1, run.partitions);
        assertEquals(500.0, run.rate);
        assertEquals("2", run.brokerConfig.get("min.insync.replicas"), "explicit broker setting wins");
        assertEquals("true", run.brokerConfig.get("unclean.leader.election.enable"), "the scenario's other broker settings stay");
        assertEquals(Map.of("acks", "all", "enable.idempotence", "false", "retries", "0", "linger.ms", "5"), run.producerConfig);
    }

    @Test
    void aBadScenarioFileExitsTwoNamingTheField(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("bad.json"), "{\"nemesis\": [\"kill-leader\"], \"fault-duration\": \"5s\"}");
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(new PrintWriter(err, true), "run", "--scenario", f.toString(), "--store", dir.resolve("store").toString()));
        assertTrue(err.toString().startsWith("kchaos: scenario " + f + ": field 'fault-duration' must be a number, not the string \"5s\""), err.toString());
    }

    @Test
    void aScenariosConsistencyModelJudgesTheRunUnlessTheFlagNamesOne(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("c.json"), "{\"workload\": \"txn\", \"consistency-model\": \"strict-serializable\"}");
        RunCommand fromScenario = parsed();
        ScenarioDefaults.apply(f.toString(), fromScenario.spec);
        assertEquals("strict-serializable", fromScenario.consistency.model().name());
        RunCommand flag = parsed("--consistency-model", "read-committed");
        ScenarioDefaults.apply(f.toString(), flag.spec);
        assertEquals("read-committed", flag.consistency.model().name(), "explicit --consistency-model wins");
        assertEquals("kafka", parsed().consistency.model().name(), "the default without either");
    }

    @Test
    void aScenarioWithAnUnknownConsistencyModelExitsTwoInOneLine(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("c.json"), "{\"consistency-model\": \"linearizable\"}");
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(new PrintWriter(err, true), "run", "--scenario", f.toString(), "--store", dir.resolve("store").toString()));
        assertEquals("kchaos: scenario " + f + ": field 'consistency-model': unknown consistency model \"linearizable\"; known: kafka, "
                + "read-committed, serializable, strong-session-serializable, strict-serializable", err.toString().strip());
    }

    /** A replay judges under the model the original run recorded (run.json), unless its command line names one. */
    @Test
    void aReplayTakesRunJsonsConsistencyModel() {
        var recorded = Json.object().put(RunFields.WORKLOAD, "txn").put(RunFields.CONSISTENCY_MODEL, "serializable");
        RunCommand replay = parsed();
        List<String> taken = RunJsonDefaults.apply(recorded, replay.spec);
        assertEquals("serializable", replay.consistency.model().name());
        assertTrue(taken.contains(RunFields.CONSISTENCY_MODEL), taken.toString());
        RunCommand flag = parsed("--consistency-model", "kafka");
        RunJsonDefaults.apply(recorded, flag.spec);
        assertEquals("kafka", flag.consistency.model().name(), "explicit --consistency-model wins");
        RunCommand older = parsed();
        RunJsonDefaults.apply(Json.object().put(RunFields.WORKLOAD, "txn"), older.spec);
        assertEquals("kafka", older.consistency.model().name(), "a run.json from before the field: the default");
    }

    /** A secret run.json recorded redacted must come again on the replay's command line, which then wins. */
    @Test
    void aReplayTakesARedactedSecretOnlyGivenAgain() {
        var recorded = Json.object();
        recorded.putObject(RunFields.PRODUCER_CONFIG).put("acks", "1").put("ssl.key.password", "[redacted]");
        String e = assertThrows(IllegalArgumentException.class, () -> RunJsonDefaults.apply(recorded, parsed().spec)).getMessage();
        assertEquals("the run recorded the secret ssl.key.password but does not keep its value: give it again "
                + "(--producer-config ssl.key.password=...)", e);
        RunCommand again = parsed("--producer-config", "ssl.key.password=given-again");
        RunJsonDefaults.apply(recorded, again.spec);
        assertEquals(Map.of("acks", "1", "ssl.key.password", "given-again"), again.producerConfig);
    }

    @Test
    void aReplayOfARunJsonWithAnUnknownModelIsRefusedInOneLine() {
        var recorded = Json.object().put(RunFields.CONSISTENCY_MODEL, "linearizable");
        String e = assertThrows(IllegalArgumentException.class, () -> RunJsonDefaults.apply(recorded, parsed().spec)).getMessage();
        assertEquals("--consistency-model 'linearizable': unknown consistency model \"linearizable\"; known: kafka, read-committed, "
                + "serializable, strong-session-serializable, strict-serializable", e);
    }

    @Test
    void unsupportedKafkaVersionsExitTwoBeforeAnyNetwork(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(new PrintWriter(err, true), "run", "--kafka-version", "3.6.2", "--store", dir.toString()));
        assertEquals("kchaos: Kafka 3.6.2 is not supported: kchaos runs KRaft combined mode from 3.7 on", err.toString().strip());
        StringWriter err2 = new StringWriter();
        assertEquals(2, Main.execute(new PrintWriter(err2, true), "matrix", "--scenario", "safe-default", "--kafka-version", "2.8.2,4.1.1",
                "--store", dir.toString()));
        assertTrue(err2.toString().contains("Kafka 2.8.2 is not supported"), err2.toString());
    }
}
