package io.kchaos.nemesis.process;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What {@code isr-shrink} read back of the unclean election it forced, the value of its {@code unclean-election} note:
 * the partition, the old leader and its followers, the high watermark when the ISR was seen shrunk to the leader alone
 * and just before the crash (offsets between were committed by the leader alone), and the stale follower that was
 * elected with its log end when elected (the start of its leader epoch, asked of it): committed offsets at or above it
 * and below the crash's high watermark are not in the new leader's log ({@code committed-missing}). Unknown figures are
 * left out.
 */
final class UncleanElection {
    private final int partition;
    private final int oldLeader;
    private final List<Integer> followers;
    private List<Integer> isrSeen;
    private OptionalLong atShrink = OptionalLong.empty();
    private OptionalLong atCrash = OptionalLong.empty();
    private Integer newLeader;
    private OptionalLong newLeaderStart = OptionalLong.empty();
    private Optional<Integer> leaderSeen;

    UncleanElection(int partition, int oldLeader, List<Integer> followers) {
        this.partition = partition;
        this.oldLeader = oldLeader;
        this.followers = List.copyOf(followers);
    }

    void isrSeen(List<Integer> isr) {
        this.isrSeen = List.copyOf(isr);
    }

    void shrunkAt(OptionalLong highWatermark) {
        this.atShrink = highWatermark;
    }

    void crashedAt(OptionalLong highWatermark) {
        this.atCrash = highWatermark;
    }

    void elected(int leader, OptionalLong epochStart) {
        this.newLeader = leader;
        this.newLeaderStart = epochStart;
    }

    void leaderSeen(Optional<Integer> leader) {
        this.leaderSeen = leader;
    }

    /** Offsets the old leader committed that the new leader's log lacked when first read: {@code [from, to)}, if any. */
    Optional<long[]> committedMissing() {
        if (newLeader == null || newLeaderStart.isEmpty() || atCrash.isEmpty()) return Optional.empty();
        long from = newLeaderStart.getAsLong();
        long to = atCrash.getAsLong();
        return from < to ? Optional.of(new long[]{from, to}) : Optional.empty();
    }

    ObjectNode toJson() {
        ObjectNode v = Json.object().put("partition", partition).put("old-leader", oldLeader);
        followers.forEach(v.putArray("followers")::add);
        if (isrSeen != null) isrSeen.forEach(v.putArray("isr-seen")::add);
        atShrink.ifPresent(h -> v.put("high-watermark-at-shrink", h));
        atCrash.ifPresent(h -> v.put("high-watermark-at-crash", h));
        if (newLeader != null) v.put("new-leader", newLeader);
        newLeaderStart.ifPresent(h -> v.put("new-leader-log-end", h));
        if (leaderSeen != null) {
            if (leaderSeen.isPresent()) v.put("leader-seen", leaderSeen.get());
            else v.putNull("leader-seen");
        }
        committedMissing().ifPresent(r -> v.putObject("committed-missing").put("from", r[0]).put("to", r[1]).put("count", r[1] - r[0]));
        return v;
    }
}
