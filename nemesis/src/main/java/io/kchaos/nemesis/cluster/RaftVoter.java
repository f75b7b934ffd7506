package io.kchaos.nemesis.cluster;

import java.util.List;

/**
 * A voter of a KIP-853 dynamic quorum as {@code describeMetadataQuorum} names it: what removing it and adding it back
 * take (its id, its metadata directory's id, its endpoints).
 *
 * @param id          the node id
 * @param directoryId its metadata log directory's id (base64, as Kafka prints a Uuid)
 * @param endpoints   its listeners, {@code NAME://host:port}
 */
public record RaftVoter(int id, String directoryId, List<String> endpoints) {
    public RaftVoter {
        endpoints = List.copyOf(endpoints);
    }
}
