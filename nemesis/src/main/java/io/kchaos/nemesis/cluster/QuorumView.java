package io.kchaos.nemesis.cluster;

import java.util.Optional;

/** What a controller fault may ask about the metadata quorum: who leads it now. */
@FunctionalInterface
public interface QuorumView {
    /** A view of a cluster whose quorum cannot be asked. */
    QuorumView NONE = Optional::empty;

    /** The quorum as it stands now; empty when it could not be read (no leader, a timeout). */
    Optional<QuorumState> state();
}
