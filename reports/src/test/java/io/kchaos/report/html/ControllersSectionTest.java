package io.kchaos.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ControllerTimeline;
import io.kchaos.history.folder.QuorumSamples;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import io.kchaos.history.folder.RunJson;
import io.kchaos.report.RunContents;
import io.kchaos.report.scan.HistoryScan;
import io.kchaos.testkit.SyntheticRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** run.json's controller timeline: read back, counted, and shown in the report only when the run recorded one. */
class ControllersSectionTest {
    @TempDir
    Path dir;

    private static final ControllerTimeline TIMELINE = new ControllerTimeline(List.of(new ControllerTimeline.Change(1_000_000_000L, 4, 1),
            new ControllerTimeline.Change(9_500_000_000L, 5, 2), new ControllerTimeline.Change(20_000_000_000L, 5, 3),
            new ControllerTimeline.Change(31_000_000_000L, 6, 4)));

    /** A synthetic run folder whose run.json holds {@link #TIMELINE}. */
    private static void runWithTimeline(Path run) throws java.io.IOException {
        SyntheticRun.write(run, 200, false, 1);
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.set(ControllerTimeline.FIELD, TIMELINE.toJson());
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);
    }

    private String render(Path run) {
        return RunPage.render(RunContents.read(run), HistoryScan.scan(run.resolve("history.jsonl"), List.of()));
    }

    @Test
    void theTimelineRoundTripsThroughRunJsonAndCountsFailovers() throws Exception {
        Path run = dir.resolve("c");
        runWithTimeline(run);

        ControllerTimeline read = ControllerTimeline.of(RunJson.read(run));
        assertEquals(TIMELINE, read);
        assertEquals(3, read.failovers());
        assertEquals(2, read.leaderChanges());
        String html = render(run);
        assertTrue(html.contains("Controller timeline"), html);
        assertTrue(html.contains("<tr><td>9.500</td><td>node 5</td><td>2</td><td>failover</td></tr>"), html);
        assertTrue(html.contains("<td>new epoch, same leader</td>"));
        assertFalse(html.contains("change(s) of the voter set"), "no voter change recorded, none shown");
    }

    @Test
    void votersThatChangedAreShownOverTime() throws Exception {
        Path run = dir.resolve("v");
        SyntheticRun.write(run, 200, false, 1);
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(run.resolve("run.json").toFile());
        json.set(ControllerTimeline.FIELD, TIMELINE.toJson());
        json.set(RunFields.VOTER_SETS, QuorumSamples.voterSets(List.of(
                new QuorumSamples.Sample(1_000_000_000L, 4, 1, 10, List.of(4, 5, 6)),
                new QuorumSamples.Sample(7_000_000_000L, 4, 1, 50, List.of(4, 6)),
                new QuorumSamples.Sample(9_900_000_000L, 4, 1, 57, List.of(4, 5, 6)))));
        Json.PRETTY.writeValue(run.resolve("run.json").toFile(), json);

        assertEquals(List.of(new QuorumSamples.VoterSet(7_000_000_000L, List.of(4, 6))), QuorumSamples.voterSetsOf(RunJson.read(run)).subList(1, 2));
        String html = render(run);
        assertTrue(html.contains("2 change(s) of the voter set"), html);
        assertTrue(html.contains("<tr><td>7.000</td><td>4, 6</td></tr>"), html);
    }

    @Test
    void theControllerFaultsFailoversAreShownOneRowEachThenTheirMedianAndMaximum() throws Exception {
        Path run = dir.resolve("f");
        runWithTimeline(run);
        ObjectNode results = (ObjectNode) Json.MAPPER.readTree(run.resolve("results.json").toFile());
        ((ObjectNode) results.path(ResultsFields.STATS)).set(ResultsFields.Stats.CONTROLLER_FAILOVERS, Json.MAPPER.readTree("""
                {"faults": [{"f": "kill", "time-s": 7.0, "held": true, "leader-before": 4, "epoch-before": 1, "failover": true,
                             "leaderless-s": 2.5, "leader-after": 5, "epoch-after": 2, "leader-moved": true},
                            {"f": "pause", "time-s": 25.0, "held": true, "leader-before": 5, "epoch-before": 3, "failover": false, "heal-s": 1.5}],
                 "count": 1, "injected": 2, "median-s": 2.5, "max-s": 2.5,
                 "by-fault": {"kill": {"count": 1, "injected": 1, "median-s": 2.5, "max-s": 2.5},
                              "pause": {"count": 0, "injected": 1, "median-s": null, "max-s": null}}}"""));
        Json.PRETTY.writeValue(run.resolve("results.json").toFile(), results);

        String html = render(run);
        assertTrue(html.contains("<tr><td>kill</td><td>7.0</td><td>node 4 → node 5</td><td>1 → 2</td><td>2.5</td></tr>"), html);
        assertTrue(html.contains("<tr><td>pause</td><td>25.0</td><td>node 5</td><td>3</td><td>no failover (healed after 1.5 s)</td></tr>"), html);
        assertTrue(html.contains("median 2.5 s, max 2.5 s over 1 failover(s) of 2 controller fault(s)"), html);
        assertTrue(html.contains("pause: 0 failover(s) of 1 controller fault(s)"), html);
    }

    @Test
    void aRunWithoutATimelineHasNoSection() throws Exception {
        Path run = dir.resolve("old");
        SyntheticRun.write(run, 200, false, 1);
        assertEquals(0, ControllerTimeline.of(RunJson.read(run)).changes().size());
        assertFalse(render(run).contains("Controller timeline"));
    }
}
