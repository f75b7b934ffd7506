package io.kchaos.harness.run;

import io.kchaos.cluster.KafkaCluster;
import io.kchaos.nemesis.cluster.AdminQuorumView;
import org.apache.kafka.clients.admin.Admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The admin clients a run asks the metadata quorum through: one bootstrapped at the controllers where the backend
 * exposes them (owned here, closed with it), then the run's broker admin. A quorum whose brokers have all halted, as
 * after a lost committed metadata entry, is still read.
 */
final class QuorumAdmins implements AutoCloseable {
    private final Optional<Admin> controllers;
    private final Admin brokers;

    QuorumAdmins(KafkaCluster cluster, Admin brokers) {
        Optional<Admin> c;
        try {
            c = cluster.controllerAdmin();
        } catch (RuntimeException e) {
            c = Optional.empty(); // an Admin client that cannot be built: the broker admin alone
        }
        this.controllers = c;
        this.brokers = brokers;
    }

    AdminQuorumView view() {
        List<Admin> admins = new ArrayList<>();
        controllers.ifPresent(admins::add);
        admins.add(brokers);
        return new AdminQuorumView(admins);
    }

    @Override
    public void close() {
        controllers.ifPresent(Admin::close);
    }
}
