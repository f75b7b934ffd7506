package io.kchaos.harness.bugs;

import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.report.bugs.Exposure;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shipped catalogue parses and says what docs/findings.md found; broken catalogues are refused in one line. */
class BugCatalogueTest {
    private static final List<KnownBug> SHIPPED = BugCatalogue.shipped();

    private static KnownBug bug(String id) {
        return BugCatalogue.select(SHIPPED, List.of(id)).get(0);
    }

    private static Exposure expected(String id, String release) {
        return bug(id).expected(KafkaVersion.parse(release));
    }

    @Test
    void theShippedEntriesAndTheirRanges() {
        assertEquals(List.of("KIP-966", "KAFKA-16541", "KAFKA-15375", "isr-shrink-unclean", "KAFKA-17754", "KAFKA-20554", "KAFKA-20035", "KAFKA-19850",
                "KAFKA-20895", "KAFKA-20839", "KAFKA-19975", "KAFKA-20961", "KAFKA-20090", "KAFKA-20732", "KAFKA-20310", "KAFKA-20785"), SHIPPED.stream().map(KnownBug::id).toList());
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-20090", "3.9.1"), "transactions v2 from 4.0");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-20090", "4.2.2"));
        assertEquals(Exposure.SAFE, expected("KAFKA-20090", "4.3.0"));
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-20732", "3.8.1"), "kchaos runs tiered storage from 3.9");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-20732", "4.3.1"));
        assertEquals(Exposure.SAFE, expected("KAFKA-20732", "4.3.2"));
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-20310", "3.9.1"), "transactions v2 from 4.0");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-20310", "4.2.2"));
        assertEquals(Exposure.SAFE, expected("KAFKA-20310", "4.3.0"));
        assertEquals(Exposure.SAFE, expected("KAFKA-20310", "4.4.0"));
        assertEquals("txn.producers.exhausted-ends-across-coordinator-kill", bug("KAFKA-20310").hazard(), "a valid run that never met the failover tested nothing");
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-20785", "3.9.1"), "transactions v2 from 4.0");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-20785", "4.3.1"));
        assertEquals(Exposure.SAFE, expected("KAFKA-20785", "4.3.2"));
        assertEquals(Exposure.EXPOSED, expected("KAFKA-20785", "4.4.0"), "4.4.0 was released without the fix");
        assertEquals(Exposure.SAFE, expected("KAFKA-19975", "3.7.2"), "before KAFKA-15665 the move completed");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-19975", "4.2.2"));
        assertEquals(Exposure.SAFE, expected("KAFKA-19975", "4.3.0"));
        for (String r : List.of("3.7.0", "3.9.1", "4.2.2", "4.4.0")) {
            assertEquals(Exposure.EXPOSED, expected("KAFKA-20961", r), "open: every KRaft JBOD release, " + r);
        }
        assertEquals(List.of("leader-epoch-lost"), bug("KAFKA-20961").anomalies());
        assertEquals(Exposure.INCONCLUSIVE, expected("KAFKA-20895", "4.4.0"), "cannot be judged, what was tried said");
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-20895", "3.9.1"), "before pre-vote");
        assertEquals(Exposure.INCONCLUSIVE, expected("KAFKA-20839", "3.9.1"), "not triggered, what was tried said");
        assertEquals(Exposure.EXPOSED, expected("KIP-966", "3.9.1"));
        assertEquals(Exposure.EXPOSED, expected("KIP-966", "4.0.2"));
        assertEquals(Exposure.SAFE, expected("KIP-966", "4.1.0"));
        assertEquals(Exposure.SAFE, expected("KIP-966", "4.4.0"));
        assertEquals(Exposure.EXPOSED, expected("KAFKA-16541", "3.7.0"));
        assertEquals(Exposure.EXPOSED, expected("KAFKA-16541", "3.7.2"));
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-16541", "3.8.0"));
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-16541", "3.9.1"));
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-16541", "4.4.0"));
        for (String r : List.of("3.7.0", "3.9.1", "4.4.0")) {
            assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-15375", r), "KAFKA-15375 is fixed in 3.5.2");
            assertEquals(Exposure.EXPOSED, expected("isr-shrink-unclean", r), "a configuration hazard applies everywhere");
            assertEquals(Exposure.EXPOSED, expected("KAFKA-20554", r), "acks=1 on planned leader moves: everywhere");
            assertEquals(Exposure.EXPOSED, expected("KAFKA-20035", r), "partition expansion: open in every release");
        }
        assertEquals(Exposure.EXPOSED, expected("KAFKA-17754", "3.9.1"), "transactions v1: the stale EndTxn is accepted");
        assertEquals(Exposure.SAFE, expected("KAFKA-17754", "4.4.0"), "transactions v2 fence it: the positive control");
        assertEquals("kafka-17754", bug("KAFKA-17754").scenario());
        assertEquals(List.of("epoch-entries-missing"), bug("KAFKA-16541").anomalies());
        assertEquals(5, bug("KAFKA-16541").tries());
        assertEquals(31L, bug("KAFKA-16541").seed(), "the schedule that exposed it in docs/findings.md");
        assertNull(bug("KAFKA-15375").scenario());
        assertTrue(bug("KAFKA-15375").cannotJudge().startsWith("not runnable here"));
        assertTrue(bug("KAFKA-15375").affectsOnlyUnrunnable());
        assertTrue(!bug("KAFKA-17754").affectsOnlyUnrunnable());
        String why = BugJudge.withoutRun(bug("KAFKA-15375"), KafkaVersion.parse("4.4.0")).orElseThrow().why();
        assertTrue(why.startsWith("not applicable: fixed in 3.5.2, 3.6.0; only affects before 3.5.2; not runnable here:"), why);
        assertNull(bug("KAFKA-17754").cannotJudge());
        assertEquals("configuration", bug("isr-shrink-unclean").kind());
        assertEquals(Exposure.NOT_APPLICABLE, expected("KAFKA-19850", "4.1.1"), "4.1 does not define controller.quorum.auto.join.enable");
        assertEquals(Exposure.EXPOSED, expected("KAFKA-19850", "4.4.0"), "auto-join undoes a removal: documented, not fixed");
        assertEquals(List.of("voter-removal-undone"), bug("KAFKA-19850").anomalies());
        assertEquals("voter-auto-join", bug("KAFKA-19850").scenario());
    }

    @Test
    void theBugFilterIsCaseInsensitiveAndKeepsCatalogueOrder() {
        assertEquals(List.of("KIP-966", "KAFKA-16541"), BugCatalogue.select(SHIPPED, List.of("kafka-16541", " kip-966")).stream().map(KnownBug::id).toList());
        assertEquals(SHIPPED, BugCatalogue.select(SHIPPED, List.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BugCatalogue.select(SHIPPED, List.of("KIP-966", "KAFKA-1")));
        assertEquals("--bug 'KAFKA-1' is not in the catalogue; known: KIP-966, KAFKA-16541, KAFKA-15375, isr-shrink-unclean, KAFKA-17754, KAFKA-20554, KAFKA-20035, KAFKA-19850, KAFKA-20895, KAFKA-20839, KAFKA-19975, KAFKA-20961, KAFKA-20090, KAFKA-20732, KAFKA-20310, KAFKA-20785", e.getMessage());
    }

    private static final String GOOD = "{\"id\":\"X-1\",\"title\":\"t\",\"kind\":\"bug\",\"link\":\"https://x\",\"affected\":[\"[3.7.0,3.8.0)\"],"
            + "\"fixed-in\":\"3.8.0\",\"scenario\":\"isr-shrink-unclean\",\"anomalies\":[\"lost-write\"],\"tries\":2,\"budget-seconds\":60}";

    private static String refusal(Function<String, String> edit) {
        String json = "{\"bugs\":[" + edit.apply(GOOD) + "]}";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BugCatalogue.parse(json, "t.json"), json);
        assertTrue(!e.getMessage().contains("\n") && e.getMessage().startsWith("t.json"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void aPlantedCatalogueParsesAndBrokenOnesAreRefused() {
        KnownBug b = BugCatalogue.parse("{\"bugs\":[" + GOOD + "]}", "t.json").get(0);
        assertEquals(List.of(VersionRange.parse("[3.7.0,3.8.0)")), b.affected());
        assertEquals(List.of(), b.confirmFixed());
        assertEquals(60, b.budgetSeconds());
        assertEquals(null, b.seed());
        assertEquals(7L, BugCatalogue.parse("{\"bugs\":[" + GOOD.replace("}", ",\"seed\":7}") + "]}", "t.json").get(0).seed());
        assertTrue(refusal(s -> s.replace("}", ",\"seed\":\"x\"}")).contains("\"seed\" must be a whole number"));
        assertTrue(refusal(s -> s.replace("\"tries\"", "\"trys\"")).contains("unknown field \"trys\""));
        assertTrue(refusal(s -> s.replace("\"lost-write\"", "\"lost-writes\"")).contains("anomaly 'lost-writes' is not in the catalogue"));
        assertTrue(refusal(s -> s.replace("[3.7.0,3.8.0)", "3.7.x")).contains("version range '3.7.x'"));
        assertTrue(refusal(s -> s.replace("isr-shrink-unclean", "no-such-scenario")).contains("unknown scenario 'no-such-scenario'"));
        assertTrue(refusal(s -> s.replace("\"tries\":2", "\"tries\":0")).contains("\"tries\" must be a whole number >= 1"));
        assertTrue(refusal(s -> s.replace("\"kind\":\"bug\"", "\"kind\":\"feature\"")).contains("kind must be bug or configuration"));
        assertTrue(refusal(s -> s.replace("}", ",\"cannot-judge\":\"x\"}")).contains("either scenario or cannot-judge"));
        assertEquals("txn.producers.fencings", BugCatalogue.parse("{\"bugs\":[" + GOOD.replace("}", ",\"hazard\":\"txn.producers.fencings\"}") + "]}",
                "t.json").get(0).hazard());
        assertTrue(refusal(s -> s.replace("}", ",\"hazard\":\"stats.Txn producers\"}")).contains("\"hazard\" names a figure under results' stats"));
        assertTrue(refusal(s -> s + "," + s).contains("entry 2 (X-1): id X-1 appears twice"));
        assertTrue(refusal(s -> s.replace("\"title\":\"t\",", "")).contains("\"title\" is required"));
    }
}
