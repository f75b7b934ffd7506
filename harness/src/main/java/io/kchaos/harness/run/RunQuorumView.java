package io.kchaos.harness.run;

import io.kchaos.cluster.KafkaCluster;
import io.kchaos.nemesis.cluster.AdminQuorumView;
import io.kchaos.nemesis.cluster.FirstAnswerQuorumView;
import io.kchaos.nemesis.cluster.QuorumState;
import io.kchaos.nemesis.cluster.QuorumView;
import io.kchaos.nemesis.cluster.VoterQuorumView;
import org.apache.kafka.clients.admin.Admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a run reads the metadata quorum (the quorum poller, the controller faults' aim, the spared voters' read-back):
 * each voter asked directly where the backend exposes their addresses ({@link VoterQuorumView}), so the quorum is read
 * while every broker has halted or a voter is paused, then through the run's broker admin. The voters are asked over
 * plain sockets, so a secured cluster's quorum is read through the admin alone.
 */
final class RunQuorumView implements QuorumView, AutoCloseable {
    private final Optional<VoterQuorumView> voters;
    private final QuorumView view;

    RunQuorumView(KafkaCluster cluster, Admin brokers) {
        List<String> addresses = cluster.clientSecurity().isEmpty() ? cluster.controllerAddresses() : List.of();
        this.voters = addresses.isEmpty() ? Optional.empty() : Optional.of(new VoterQuorumView(addresses));
        List<QuorumView> views = new ArrayList<>();
        voters.ifPresent(views::add);
        views.add(new AdminQuorumView(brokers));
        this.view = new FirstAnswerQuorumView(views);
    }

    @Override
    public Optional<QuorumState> state() {
        return view.state();
    }

    @Override
    public void close() {
        voters.ifPresent(VoterQuorumView::close);
    }
}
