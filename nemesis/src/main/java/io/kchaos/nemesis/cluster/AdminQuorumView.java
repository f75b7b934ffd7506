package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@link QuorumView} over {@code Admin.describeMetadataQuorum}, asking each admin in turn until one answers (an admin
 * bootstrapped at the controllers first, so the quorum is read even while no broker answers, then one at the brokers);
 * a read that fails, times out or finds no leader on all of them reads as unknown.
 */
public final class AdminQuorumView implements QuorumView {
    private final List<Admin> admins;

    public AdminQuorumView(Admin admin) {
        this(List.of(admin));
    }

    /** A view that asks {@code admins} in this order. */
    public AdminQuorumView(List<Admin> admins) {
        if (admins.isEmpty()) throw new IllegalArgumentException("a quorum view needs an admin client");
        this.admins = List.copyOf(admins);
    }

    @Override
    public Optional<QuorumState> state() {
        for (Admin admin : admins) {
            try {
                Optional<QuorumState> s = of(admin.describeMetadataQuorum().quorumInfo().get(5, TimeUnit.SECONDS));
                if (s.isPresent()) return s;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            } catch (Exception e) {
                // unknown from this admin: try the next one
            }
        }
        return Optional.empty();
    }

    /** The state a quorum description says, empty when it names no leader. */
    static Optional<QuorumState> of(QuorumInfo info) {
        if (info.leaderId() < 0) return Optional.empty();
        return Optional.of(new QuorumState(info.leaderId(), (int) info.leaderEpoch(),
                info.voters().stream().map(QuorumInfo.ReplicaState::replicaId).sorted().toList(), info.highWatermark()));
    }
}
