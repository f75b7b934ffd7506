package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.folder.QuorumSamples;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** metadata-offset-regression on a run's quorum polls: a replica falling below what it held committed is reported, lag is not. */
class PolledOffsetRegressionTest {
    private static QuorumSamples.Sample poll(long seconds, long hw, Map<Integer, Long> voters, Map<Integer, Long> observers) {
        return new QuorumSamples.Sample(seconds * 1_000_000_000L, 4, 2, hw, List.of(4, 5, 6), voters, observers);
    }

    @Test
    void aVoterWhoseLogEndFellBelowWhatItHeldCommittedIsReportedCitingBothPolls() {
        CheckResult r = PolledOffsetRegression.judge(List.of(
                poll(1, 700, Map.of(4, 710L, 5, 700L, 6, 650L), Map.of(1, 700L)),
                poll(2, 720, Map.of(4, 720L, 5, 540L, 6, 720L), Map.of(1, 720L))));
        assertEquals(1, r.count(Anomalies.METADATA_OFFSET_REGRESSION.key()), r.toJson().toString());
        JsonNode e = r.toJson().path("anomalies").path(Anomalies.METADATA_OFFSET_REGRESSION.key()).findValues("node").get(0);
        assertEquals(5, e.asInt());
        String json = r.toJson().toString();
        assertTrue(json.contains("describeMetadataQuorum poll at 2.000 s") && json.contains("describeMetadataQuorum poll at 1.000 s")
                && json.contains("\"committed-held\":700"), json);
        assertEquals(2, r.stats().path("quorum-polls").asInt());
    }

    @Test
    void aVoterRemovedThenAddedBackOnAFreshDiskStartsAfreshAndObserversAreNotJudged() {
        CheckResult r = PolledOffsetRegression.judge(List.of(
                poll(1, 700, Map.of(4, 710L, 5, 700L, 6, 700L), Map.of(1, 700L)),
                new QuorumSamples.Sample(2_000_000_000L, 4, 2, 720, List.of(4, 5), Map.of(4, 720L, 5, 720L), Map.of(1, 0L, 6, 700L)),
                poll(3, 760, Map.of(4, 760L, 5, 760L, 6, 12L), Map.of(1, 5L))));
        assertEquals(List.of(), r.anomalyTypes(), "voter 6 replaced (out, then in on a new disk); broker 1 an observer: " + r.toJson());
    }

    @Test
    void aReplicaLaggingBehindTheHighWatermarkOrUnknownIsNot() {
        CheckResult r = PolledOffsetRegression.judge(List.of(
                poll(1, 700, Map.of(4, 710L, 5, 600L, 6, -1L), Map.of(1, 650L)),
                poll(2, 800, Map.of(4, 800L, 5, 600L, 6, 790L), Map.of(1, 660L)),
                poll(3, -1, Map.of(4, 800L, 5, -1L, 6, 800L), Map.of())));
        assertEquals(List.of(), r.anomalyTypes(), r.toJson().toString());
    }
}
