package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;

/** What the nemesis may ask about coordinators: the workload's transactional ids and groups, and who coordinates each. */
public interface CoordinatorView {
    /** A view of a workload that uses no transactions and no group. */
    CoordinatorView NONE = new CoordinatorView() {
        @Override
        public List<Coordinated> targets() {
            return List.of();
        }

        @Override
        public Optional<Integer> coordinator(Coordinated target) {
            return Optional.empty();
        }
    };

    /** The workload's transactional ids and consumer groups, as known now. */
    List<Coordinated> targets();

    /** The node coordinating the target now, if it could be found out. */
    Optional<Integer> coordinator(Coordinated target);

    /** The producer epoch a transactional id's coordinator holds now, if it could be found out; empty for other targets. */
    default Optional<Integer> producerEpoch(Coordinated target) {
        return Optional.empty();
    }
}
