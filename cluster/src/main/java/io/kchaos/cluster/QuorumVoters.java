package io.kchaos.cluster;

import io.kchaos.nemesis.cluster.NodeRole;
import org.apache.kafka.common.Uuid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The voters of a cluster's metadata quorum as every node's files name them: their ids and controller addresses,
 * static or dynamic, and (dynamic) the directory id each voter's metadata log directory is formatted with; and the
 * controllers a dynamic quorum starts without ({@code --initial-voters}), formatted as observers, to be added later.
 *
 * @param voters       the initial voters' listeners, in id order
 * @param mode         static ({@code controller.quorum.voters}) or dynamic (KIP-853)
 * @param directoryIds voter id → its metadata directory's id (a Kafka {@code Uuid} in base64); empty when static
 * @param observers    the controllers formatted outside the quorum ({@code --no-initial-controllers}), in id order
 */
public record QuorumVoters(List<NodeListeners> voters, QuorumMode mode, Map<Integer, String> directoryIds, List<NodeListeners> observers) {
    public QuorumVoters {
        voters = List.copyOf(voters);
        directoryIds = Map.copyOf(directoryIds);
        observers = List.copyOf(observers);
        if (!observers.isEmpty() && mode != QuorumMode.DYNAMIC) throw new IllegalArgumentException("a static quorum has no observing controllers");
    }

    /** The voters in {@code mode}; a dynamic quorum gets a fresh directory id for each voter. */
    public static QuorumVoters of(List<NodeListeners> voters, QuorumMode mode) {
        return of(voters, mode, voters.size());
    }

    /** {@code candidates} (the controllers, in combined mode every node) as {@code spec} starts its quorum with them. */
    public static QuorumVoters of(List<NodeListeners> candidates, QuorumSpec spec) {
        return of(candidates, spec.mode(), spec.startsSmaller() ? spec.initialVoters() : candidates.size());
    }

    /** The first {@code initialVoters} of {@code controllers} as the voters in {@code mode}, the others observers. */
    public static QuorumVoters of(List<NodeListeners> controllers, QuorumMode mode, int initialVoters) {
        List<NodeListeners> voters = controllers.subList(0, initialVoters);
        Map<Integer, String> ids = new LinkedHashMap<>();
        if (mode == QuorumMode.DYNAMIC) voters.forEach(v -> ids.put(v.id(), Uuid.randomUuid().toString()));
        return new QuorumVoters(voters, mode, ids, controllers.subList(initialVoters, controllers.size()));
    }

    /** Every controller's listeners, the voters' then the observers': where the quorum can be asked whoever leads it. */
    public List<NodeListeners> controllers() {
        List<NodeListeners> all = new ArrayList<>(voters);
        all.addAll(observers);
        return all;
    }

    /** The server.properties lines that tell a node where the quorum is: the static voters, or the bootstrap servers. */
    public Map<String, String> settings() {
        if (mode == QuorumMode.STATIC) {
            return Map.of("controller.quorum.voters", voters.stream().map(n -> n.id() + "@" + n.controllerAddress()).collect(Collectors.joining(",")));
        }
        return Map.of("controller.quorum.bootstrap.servers", voters.stream().map(NodeListeners::controllerAddress).collect(Collectors.joining(",")));
    }

    /**
     * The StorageTool {@code format} arguments node {@code id} of {@code role} needs beyond the usual ones: none for a
     * static quorum; for a dynamic one, {@code --initial-controllers id@host:port:directory-id,...} on a voter and
     * {@code --no-initial-controllers} on a broker or a controller the quorum starts without.
     */
    public List<String> formatArgs(int id, NodeRole role) {
        if (mode == QuorumMode.STATIC) return List.of();
        if (!role.controller() || observers.stream().anyMatch(o -> o.id() == id)) return List.of("--no-initial-controllers");
        return List.of("--initial-controllers", voters.stream()
                .map(n -> n.id() + "@" + n.controllerAddress() + ":" + directoryIds.get(n.id())).collect(Collectors.joining(",")));
    }
}
