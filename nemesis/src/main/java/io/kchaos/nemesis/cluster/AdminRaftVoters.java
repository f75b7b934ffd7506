package io.kchaos.nemesis.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.RaftVoterEndpoint;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Uuid;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * KIP-853's voter changes in Kafka's Admin terms: the voters and observers a quorum description names,
 * {@code removeRaftVoter}, {@code addRaftVoter}.
 */
final class AdminRaftVoters {
    private AdminRaftVoters() {
    }

    static List<RaftVoter> of(QuorumInfo q) {
        return q.voters().stream().map(v -> replica(q, v)).toList();
    }

    /** The observers that fetch with a directory id (KIP-853 replicas: brokers, controllers not voting); endpoints where named. */
    static List<RaftVoter> observers(QuorumInfo q) {
        return q.observers().stream().filter(o -> !Uuid.ZERO_UUID.equals(o.replicaDirectoryId())).map(o -> replica(q, o)).toList();
    }

    private static RaftVoter replica(QuorumInfo q, QuorumInfo.ReplicaState r) {
        return new RaftVoter(r.replicaId(), r.replicaDirectoryId().toString(),
                q.nodes().containsKey(r.replicaId()) ? q.nodes().get(r.replicaId()).endpoints().stream()
                        .map(e -> e.listener() + "://" + e.host() + ":" + e.port()).toList() : List.of());
    }

    static KafkaFuture<Void> remove(Admin admin, RaftVoter v) {
        return admin.removeRaftVoter(v.id(), Uuid.fromString(v.directoryId())).all();
    }

    static KafkaFuture<Void> add(Admin admin, RaftVoter v) {
        Set<RaftVoterEndpoint> endpoints = new LinkedHashSet<>();
        for (String e : v.endpoints()) {
            int scheme = e.indexOf("://");
            int colon = e.lastIndexOf(':');
            endpoints.add(new RaftVoterEndpoint(e.substring(0, scheme), e.substring(scheme + 3, colon), Integer.parseInt(e.substring(colon + 1))));
        }
        return admin.addRaftVoter(v.id(), Uuid.fromString(v.directoryId()), endpoints).all();
    }
}
