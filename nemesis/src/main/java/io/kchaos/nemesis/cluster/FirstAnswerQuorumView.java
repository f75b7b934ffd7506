package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Optional;

/** {@link QuorumView} that asks its views in order and takes the first answer (the voters themselves first, then the brokers). */
public final class FirstAnswerQuorumView implements QuorumView {
    private final List<QuorumView> views;

    public FirstAnswerQuorumView(List<QuorumView> views) {
        this.views = List.copyOf(views);
    }

    @Override
    public Optional<QuorumState> state() {
        for (QuorumView v : views) {
            Optional<QuorumState> s = v.state();
            if (s.isPresent()) return s;
        }
        return Optional.empty();
    }
}
