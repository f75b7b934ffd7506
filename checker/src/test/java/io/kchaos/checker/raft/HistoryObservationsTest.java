package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The metadata workload's acknowledged quorum samples become observations; samples without a leader or a high watermark do not. */
class HistoryObservationsTest {
    private static Op sample(long index, OpType type, long leader, long epoch, long hw) {
        ObjectNode v = Json.object();
        v.put(MetadataFields.LEADER, leader);
        v.put(MetadataFields.LEADER_EPOCH, epoch);
        v.put(MetadataFields.HIGH_WATERMARK, hw);
        return new Op(index, 12_345_000_000L, 0, type, ClientOps.METADATA_QUORUM, v, null);
    }

    @Test
    void acknowledgedSamplesWithALeaderAndAHighWatermarkAreObservations() {
        History h = History.of(List.of(
                new Op(0, 1, 0, OpType.INVOKE, ClientOps.METADATA_QUORUM, Json.MAPPER.nullNode(), null),
                sample(1, OpType.OK, 2, 3, 120),
                sample(2, OpType.OK, 2, 3, -1), // a new leader that has not committed in its epoch
                sample(3, OpType.OK, -1, 3, 120), // no leader
                sample(4, OpType.INFO, 1, 4, 130)));
        List<QuorumObservation> observed = HistoryObservations.of(h);
        assertEquals(1, observed.size(), observed.toString());
        QuorumObservation o = observed.get(0);
        assertEquals(120, o.highWatermark());
        assertEquals(2, o.leaderId());
        assertEquals(3, o.leaderEpoch());
        assertEquals("describeMetadataQuorum sample at 12.3 s (history index 1)", o.source());
    }
}
