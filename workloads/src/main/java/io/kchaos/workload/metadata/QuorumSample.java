package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code metadata-quorum} op: {@code Admin.describeMetadataQuorum} as the quorum leader answers it — leader,
 * epoch, high watermark, and each voter's and observer's log end offset as the leader last saw it (-1 when unknown).
 */
final class QuorumSample {
    private static final long TIMEOUT_MS = 5_000;

    private QuorumSample() {
    }

    /** Records one sample under {@code process}; returns it, or null when the op completed info. */
    static QuorumInfo record(Admin admin, HistoryWriter history, int process) throws InterruptedException {
        history.invoke(process, ClientOps.METADATA_QUORUM, null);
        try {
            QuorumInfo q = admin.describeMetadataQuorum().quorumInfo().get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            history.complete(process, OpType.OK, ClientOps.METADATA_QUORUM, value(q), null);
            return q;
        } catch (InterruptedException e) {
            history.complete(process, OpType.INFO, ClientOps.METADATA_QUORUM, null, "interrupted");
            throw e;
        } catch (Exception e) {
            history.complete(process, OpType.INFO, ClientOps.METADATA_QUORUM, null, ErrorText.of(e));
            return null;
        }
    }

    static ObjectNode value(QuorumInfo q) {
        ObjectNode v = Json.object();
        v.put(MetadataFields.LEADER, q.leaderId());
        v.put(MetadataFields.LEADER_EPOCH, q.leaderEpoch());
        v.put(MetadataFields.HIGH_WATERMARK, q.highWatermark());
        replicas(v.putObject(MetadataFields.VOTERS), q.voters());
        replicas(v.putObject(MetadataFields.OBSERVERS), q.observers());
        return v;
    }

    private static void replicas(ObjectNode out, List<QuorumInfo.ReplicaState> replicas) {
        for (QuorumInfo.ReplicaState r : replicas) out.put(String.valueOf(r.replicaId()), r.logEndOffset());
    }
}
