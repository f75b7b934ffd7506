package io.kchaos.harness.scenario;

import io.kchaos.harness.run.RunOption;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario files: the schema check names the field and the problem; the shipped scenarios parse. */
class ScenarioParserTest {

    private static String error(String json) {
        return assertThrows(IllegalArgumentException.class, () -> ScenarioParser.parse(json, "s.json", "s")).getMessage();
    }

    @Test
    void unknownKeyIsNamedWithTheKnownOnes() {
        String e = error("{\"time-limit\": 5, \"nemsis\": \"kill-leader\"}");
        assertTrue(e.startsWith("scenario s.json: unknown field 'nemsis'"), e);
        assertTrue(e.contains("nemesis") && e.contains("broker-config"), e);
    }

    @Test
    void wrongTypesAreNamed() {
        assertEquals("scenario s.json: field 'time-limit' must be an integer, not the string \"40\"", error("{\"time-limit\": \"40\"}"));
        assertEquals("scenario s.json: field 'time-limit' must be an integer, not the number 4.5", error("{\"time-limit\": 4.5}"));
        assertEquals("scenario s.json: field 'rate' must be a number, not true", error("{\"rate\": true}"));
        assertEquals("scenario s.json: field 'broker-config' must be an object of string, number or boolean values, not an array",
                error("{\"broker-config\": [1]}"));
        assertEquals("scenario s.json: field 'broker-config.min.insync.replicas' must be a string, number or boolean, not an object",
                error("{\"broker-config\": {\"min.insync.replicas\": {\"x\": 1}}}"));
        assertEquals("scenario s.json: field 'nemesis': every element must be a string, not the number 3", error("{\"nemesis\": [\"kill-leader\", 3]}"));
        assertEquals("scenario s.json: field 'name' must not be empty", error("{\"name\": \"\"}"));
    }

    @Test
    void workloadOptionsAreCheckedAgainstTheWorkloadsDeclarations() {
        assertEquals("scenario s.json: field 'workload-options': unknown option 'rounds' for workload txn; known: abort-rate, max-sends, "
                + "poll-rate, producer-lifetime, send-rounds, stall-at-epoch, stall-ms, stall-then", error("{\"workload\": \"txn\", \"workload-options\": {\"rounds\": 2}}"));
        assertEquals("scenario s.json: field 'workload-options': txn option send-rounds must be a whole number from 1 to 10, not '11'",
                error("{\"workload\": \"txn\", \"workload-options\": {\"send-rounds\": 11}}"));
        String e = error("{\"workload-options\": {\"in-flite\": 2}}");
        assertTrue(e.startsWith("scenario s.json: field 'workload-options': unknown option 'in-flite' for any workload; known: "), e);
        assertTrue(e.contains("in-flight") && e.contains("send-rounds") && e.contains("lock-ms"), e);
        assertEquals("scenario s.json: field 'workload-options': queue option topics must be a whole number from 1 to 8, not '9'",
                error("{\"workload-options\": {\"topics\": 9}}"));
        Scenario noWorkload = ScenarioParser.parse("{\"workload-options\": {\"commit\": \"ahead\", \"churn-seconds\": 4}}", "g.json", "g");
        assertEquals(Map.of("commit", "ahead", "churn-seconds", "4"), noWorkload.settings(RunOption.WORKLOAD_OPTIONS),
                "without a workload, keys some workload accepts pass (the command line names the workload)");
    }

    @Test
    void aMixsOptionsAreCheckedPerPart() {
        Scenario mix = ScenarioParser.parse("{\"workload\": \"queue,metadata\", \"workload-options\": {\"in-flight\": 4, \"metadata.clients\": 3}}",
                "m.json", "m");
        assertEquals(Map.of("in-flight", "4", "metadata.clients", "3"), mix.settings(RunOption.WORKLOAD_OPTIONS));
        assertEquals("scenario s.json: field 'workload-options': metadata option clients must be a whole number from 1 to 16, not '99'",
                error("{\"workload\": \"queue,metadata\", \"workload-options\": {\"metadata.clients\": 99}}"));
        assertEquals("scenario s.json: field 'workload-options': unknown option 'clients' for workload queue; known: idle-partitions, in-flight, topics, value-bytes",
                error("{\"workload\": \"queue,metadata\", \"workload-options\": {\"clients\": 2}}"));
    }

    @Test
    void aConsistencyModelIsCheckedLikeTheFlag() {
        Scenario s = ScenarioParser.parse("{\"workload\": \"txn\", \"consistency-model\": \"serializable\"}", "c.json", "c");
        assertEquals("serializable", s.options().get(RunOption.CONSISTENCY_MODEL));
        assertEquals("scenario s.json: field 'consistency-model': unknown consistency model \"snapshot\"; known: kafka, read-committed, "
                + "serializable, strong-session-serializable, strict-serializable", error("{\"consistency-model\": \"snapshot\"}"));
        assertEquals("scenario s.json: field 'consistency-model' must be a string, not the number 1", error("{\"consistency-model\": 1}"));
    }

    @Test
    void notJsonOrNotAnObjectIsRefused() {
        assertTrue(error("{\"time-limit\": 5,,}").startsWith("scenario s.json: not valid JSON at line 1"), error("{\"time-limit\": 5,,}"));
        assertEquals("scenario s.json: must be a JSON object { ... }", error("[1, 2]"));
    }

    @Test
    void valuesAreTypedForTheirRunOptions() {
        Scenario s = ScenarioParser.parse("{\"description\": \"d\", \"expected\": \"valid\", \"time-limit\": 40, \"seed\": 12345678901,"
                + " \"rate\": 250, \"nemesis\": \"kill-leader, pause\", \"broker-config\": {\"min.insync.replicas\": 2,"
                + " \"unclean.leader.election.enable\": true}, \"producer-config\": {\"acks\": \"all\"}}", "f.json", "f");
        assertEquals("f", s.name());
        assertEquals("valid", s.expected());
        assertEquals(40, s.option(RunOption.TIME_LIMIT));
        assertEquals(12345678901L, s.option(RunOption.SEED));
        assertEquals(250.0, s.option(RunOption.RATE));
        assertEquals(List.of("kill-leader", "pause"), s.option(RunOption.NEMESIS));
        assertEquals(Map.of("min.insync.replicas", "2", "unclean.leader.election.enable", "true"), s.settings(RunOption.BROKER_CONFIG));
        assertEquals(Map.of("acks", "all"), s.settings(RunOption.PRODUCER_CONFIG));
    }

    @Test
    void shippedScenariosParseAndSayWhatTheyExpect() {
        List<String> shipped = Scenarios.shipped();
        assertTrue(shipped.containsAll(List.of("leader-kill-acks1", "isr-shrink-unclean", "rolling-restart", "safe-default")), shipped.toString());
        for (String name : shipped) {
            Scenario s = Scenarios.load(name);
            assertEquals(name, s.name(), "the name inside " + name + ".json");
            assertTrue(!s.description().isBlank() && !s.expected().isBlank(), name + " has a description and an expected outcome");
            assertTrue(s.option(RunOption.NEMESIS) != null && s.option(RunOption.TIME_LIMIT) != null, name + " has a nemesis and a time limit");
            @SuppressWarnings("unchecked") List<String> nemeses = (List<String>) s.option(RunOption.NEMESIS);
            assertEquals(nemeses.size(), io.kchaos.nemesis.catalogue.NemesisRegistry.builtIn().parse(nemeses).size(), name + " names known nemeses");
        }
        assertEquals("1", Scenarios.load("leader-kill-acks1").settings(RunOption.PRODUCER_CONFIG).get("acks"));
        assertEquals(2, Scenarios.load("isr-shrink-unclean").option(RunOption.REPLICATION_FACTOR));
    }

    @Test
    void unknownNameListsTheShippedOnes() {
        String e = assertThrows(IllegalArgumentException.class, () -> Scenarios.load("no-such-scenario")).getMessage();
        assertTrue(e.startsWith("unknown scenario 'no-such-scenario'; shipped: ") && e.contains("safe-default"), e);
        String f = assertThrows(IllegalArgumentException.class, () -> Scenarios.load("missing/x.json")).getMessage();
        assertEquals("scenario file not found: missing/x.json", f);
    }
}
