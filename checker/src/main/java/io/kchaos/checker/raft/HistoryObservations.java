package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * The observations of the quorum a run's history holds: each acknowledged {@code metadata-quorum} op (the metadata
 * workload's {@code describeMetadataQuorum} samples) with a leader, its epoch and a high watermark. Ops that lack one
 * (no leader yet, a new leader that has not committed in its epoch) observe nothing.
 */
public final class HistoryObservations {
    private HistoryObservations() {
    }

    public static List<QuorumObservation> of(History history) {
        List<QuorumObservation> observed = new ArrayList<>();
        history.forEach(op -> {
            if (!op.isOk() || !ClientOps.METADATA_QUORUM.equals(op.f()) || !op.value().isObject()) return;
            long hw = number(op.value(), MetadataFields.HIGH_WATERMARK);
            long leader = number(op.value(), MetadataFields.LEADER);
            long epoch = number(op.value(), MetadataFields.LEADER_EPOCH);
            if (hw < 0 || leader < 0 || epoch < 0 || leader > Integer.MAX_VALUE || epoch > Integer.MAX_VALUE) return;
            observed.add(new QuorumObservation(hw, (int) leader, (int) epoch, source(op)));
        });
        return List.copyOf(observed);
    }

    private static long number(JsonNode value, String field) {
        JsonNode n = value.get(field);
        return n != null && n.canConvertToLong() ? n.asLong() : -1;
    }

    private static String source(Op op) {
        return String.format(java.util.Locale.ROOT, "describeMetadataQuorum sample at %.1f s (history index %d)", op.time() / 1e9, op.index());
    }
}
