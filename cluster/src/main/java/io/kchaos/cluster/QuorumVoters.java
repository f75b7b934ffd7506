package io.kchaos.cluster;

import io.kchaos.nemesis.cluster.NodeRole;
import org.apache.kafka.common.Uuid;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The voters of a cluster's metadata quorum as every node's files name them: their ids and controller addresses,
 * static or dynamic, and (dynamic) the directory id each voter's metadata log directory is formatted with.
 *
 * @param voters       the voters' listeners, in id order
 * @param mode         static ({@code controller.quorum.voters}) or dynamic (KIP-853)
 * @param directoryIds voter id → its metadata directory's id (a Kafka {@code Uuid} in base64); empty when static
 */
public record QuorumVoters(List<NodeListeners> voters, QuorumMode mode, Map<Integer, String> directoryIds) {
    public QuorumVoters {
        voters = List.copyOf(voters);
        directoryIds = Map.copyOf(directoryIds);
    }

    /** The voters in {@code mode}; a dynamic quorum gets a fresh directory id for each voter. */
    public static QuorumVoters of(List<NodeListeners> voters, QuorumMode mode) {
        Map<Integer, String> ids = new LinkedHashMap<>();
        if (mode == QuorumMode.DYNAMIC) voters.forEach(v -> ids.put(v.id(), Uuid.randomUuid().toString()));
        return new QuorumVoters(voters, mode, ids);
    }

    /** The server.properties lines that tell a node where the quorum is: the static voters, or the bootstrap servers. */
    public Map<String, String> settings() {
        if (mode == QuorumMode.STATIC) {
            return Map.of("controller.quorum.voters", voters.stream().map(n -> n.id() + "@" + n.controllerAddress()).collect(Collectors.joining(",")));
        }
        return Map.of("controller.quorum.bootstrap.servers", voters.stream().map(NodeListeners::controllerAddress).collect(Collectors.joining(",")));
    }

    /**
     * The StorageTool {@code format} arguments a node of {@code role} needs beyond the usual ones: none for a static
     * quorum; for a dynamic one, {@code --initial-controllers id@host:port:directory-id,...} on a voter and
     * {@code --no-initial-controllers} on a broker.
     */
    public List<String> formatArgs(NodeRole role) {
        if (mode == QuorumMode.STATIC) return List.of();
        if (!role.controller()) return List.of("--no-initial-controllers");
        return List.of("--initial-controllers", voters.stream()
                .map(n -> n.id() + "@" + n.controllerAddress() + ":" + directoryIds.get(n.id())).collect(Collectors.joining(",")));
    }
}
