package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** {@link QuorumView} over {@code Admin.describeMetadataQuorum}; a read that fails, times out or finds no leader reads as unknown. */
public final class AdminQuorumView implements QuorumView {
    private final Admin admin;

    public AdminQuorumView(Admin admin) {
        this.admin = admin;
    }

    @Override
    public Optional<QuorumState> state() {
        try {
            return of(admin.describeMetadataQuorum().quorumInfo().get(5, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** The state a quorum description says, empty when it names no leader. */
    static Optional<QuorumState> of(QuorumInfo info) {
        if (info.leaderId() < 0) return Optional.empty();
        return Optional.of(new QuorumState(info.leaderId(), (int) info.leaderEpoch(),
                info.voters().stream().map(QuorumInfo.ReplicaState::replicaId).sorted().toList(), info.highWatermark(),
                ends(info.voters()), ends(info.observers())));
    }

    private static Map<Integer, Long> ends(List<QuorumInfo.ReplicaState> replicas) {
        Map<Integer, Long> out = new TreeMap<>();
        replicas.forEach(r -> out.merge(r.replicaId(), r.logEndOffset(), Math::max)); // a node listed twice: a replaced disk's old entry
        return out;
    }
}
