package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import io.kchaos.cluster.stop.LastVoterRelease;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last voters' release at an SSH cluster's final stop, for brokers kchaos deployed only: an existing cluster's
 * brokers are stopped with their owners' commands and restarted as found, never killed by it.
 */
final class DeployedVoterRelease {
    /** How often each host is asked (one command a node a look): an SSH round trip costs more than a file read. */
    static final Duration POLL = Duration.ofMillis(250);

    private DeployedVoterRelease() {
    }

    /**
     * The started release over every broker (dedicated controllers included), each host asked for its log's end at
     * once; empty, nothing asked of any host, for an existing cluster or any broker kchaos did not deploy.
     */
    static Optional<LastVoterRelease> start(boolean existing, Collection<HostBroker> brokers) {
        if (existing || !brokers.stream().allMatch(b -> b instanceof DeployedBroker)) return Optional.empty();
        Map<Integer, DeployedNodeWatch> nodes = new ConcurrentHashMap<>();
        Parallel.all(List.copyOf(brokers), b -> nodes.put(b.shell().host().id(), DeployedNodeWatch.of((DeployedBroker) b)));
        return Optional.of(new LastVoterRelease(nodes, POLL).start());
    }
}
