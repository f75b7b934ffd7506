package io.kchaos.report.dashboard;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading a store: damaged folders become rows that say what is wrong; hidden folders, links and known-bug pack folders
 * are skipped.
 */
class StoreTest {
    @TempDir
    Path store;

    private Path folder(String name) throws Exception {
        return Files.createDirectories(store.resolve(name));
    }

    @Test
    void damagedFoldersAreReadWithTheirProblemAndNeverThrow() throws Exception {
        Files.writeString(folder("20261101T010000-bad-json").resolve("run.json"), "{\"scenario\": ");
        Path noResults = folder("20261101T020000-no-results");
        Json.PRETTY.writeValue(noResults.resolve("run.json").toFile(), Json.object().put("scenario", "safe-default").put("kafka-version", "4.4.0"));
        folder("20261101T030000-empty");
        Files.writeString(folder("20261101T040000-matrix-x").resolve("matrix.html"), "<html/>");
        folder(".staging-1-x");
        Files.writeString(folder("20261101T050000-bugs-3.9.1").resolve("bugs.json"), "{}");
        Files.createSymbolicLink(store.resolve("latest"), Path.of("20261101T020000-no-results"));
        Files.writeString(store.resolve("dashboard.html"), "old");

        Store s = Store.scan(store);
        assertEquals(3, s.runs().size(), s.runs().toString());
        assertTrue(s.runs().get(0).problem().startsWith("run.json is unreadable"), s.runs().get(0).problem());
        assertEquals("results.json not found", s.runs().get(1).problem());
        assertEquals(new SeriesKey("safe-default", "4.4.0"), s.runs().get(1).key());
        assertTrue(s.runs().get(2).problem().startsWith("not a run folder"), s.runs().get(2).problem());
        assertEquals(1, s.matrices().size());
        assertTrue(s.matrices().get(0).problem().startsWith("matrix.json not found"), s.matrices().get(0).problem());

        String page = DashboardPage.render(s, Trends.of(s.runs(), new RegressionRules(0.5)), new RegressionRules(0.5), store);
        assertEquals(3, page.split("DAMAGED run folder", -1).length - 1, "one row each");
        assertTrue(page.contains("DAMAGED matrix folder"));
    }

    @Test
    void aRunWithoutAScenarioIsKeyedByNemesisAndWorkload() throws Exception {
        Path run = folder("20261101T010000-run");
        ObjectNode r = Json.object().put("kafka-version", "3.9.1").put("workload", "queue").put("started-at", "2026-11-01T01:00:00Z");
        r.putNull("scenario");
        r.putArray("nemesis").add("kill-leader").add("pause");
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), r);
        Json.PRETTY.writeValue(run.resolve("results.json").toFile(), Json.object().put("valid", true).set("stats",
                Json.object().set("availability", Json.MAPPER.readTree("{\"ok-sends-per-s\": 95.5, \"longest-no-ok-send-s\": 4.25,"
                        + " \"faults\": [{\"f\": \"kill\", \"heal\": \"start\", \"heal-to-next-ok-send-s\": 1.5},"
                        + " {\"f\": \"pause\", \"heal\": null, \"heal-to-next-ok-send-s\": null}]}"))));
        StoreRun s = Store.scan(store).runs().get(0);
        assertNull(s.problem());
        assertEquals(new SeriesKey("nemesis kill-leader, pause / workload queue", "3.9.1"), s.key());
        assertEquals(Verdict.VALID, s.verdict());
        assertEquals(95.5, s.figures().acksPerSecond());
        assertEquals(4.25, s.figures().longestNoAckSeconds());
        assertEquals("1.50 s", s.figures().recoveryText(), "the unhealed pause does not count");
        assertEquals(List.of(), Trends.of(List.of(s), new RegressionRules(0.5)).flags(s));
    }

    @Test
    void aMissingStoreOrAFileIsRefused() throws Exception {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Store.scan(store.resolve("nope"))).getMessage().startsWith("store not found"));
        Path file = Files.writeString(store.resolve("f"), "x");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Store.scan(file)).getMessage().startsWith("not a store directory"));
    }

    @Test
    void onlyAnEarlierDashboardIsReplaced() throws Exception {
        Path mine = Files.writeString(store.resolve("mine.html"), "<!DOCTYPE html><p>my notes</p>");
        assertThrows(IllegalArgumentException.class, () -> Dashboard.write(store, mine, 0.5));
        assertEquals("<!DOCTYPE html><p>my notes</p>", Files.readString(mine));
        Path page = store.resolve("elsewhere.html");
        Dashboard.write(store, page, 0.5);
        assertTrue(Dashboard.isDashboard(page));
        Dashboard.write(store, page, 0.5);
        Files.writeString(store.resolve(Dashboard.FILE), "not a dashboard, but kchaos's own file name");
        assertEquals(store.resolve(Dashboard.FILE), Dashboard.write(store, null, 0.5).html(), "the store's dashboard.html is kchaos's");
    }
}
