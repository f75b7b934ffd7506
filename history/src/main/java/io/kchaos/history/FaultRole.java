package io.kchaos.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * The role a nemesis op aimed at, recorded beside the node ids it hit (docs/format.md, "Nemesis ops": the optional
 * {@code role} field) so that a replay can aim at the same role in another cluster: the leader of partition p, the
 * followers of p, a random node, every node, the coordinator of a transactional id or group, or the active
 * controller (the metadata quorum's leader).
 *
 * @param kind      one of {@link #LEADER}, {@link #FOLLOWERS}, {@link #RANDOM}, {@link #ALL}, {@link #COORDINATOR},
 *                  {@link #GROUP_COORDINATOR}, {@link #CONTROLLER}, {@link #VOTERS} (or another word a later writer used)
 * @param partition the partition of {@code leader} and {@code followers}, else -1
 * @param of        the coordinated target's {@code coordinator-of} object for the coordinator roles, else null
 */
public record FaultRole(String kind, int partition, JsonNode of) {
    public static final String FIELD = "role";
    public static final String LEADER = "leader";
    public static final String FOLLOWERS = "followers";
    public static final String RANDOM = "random";
    public static final String ALL = "all";
    public static final String COORDINATOR = "coordinator";
    public static final String GROUP_COORDINATOR = "group-coordinator";
    /** The active controller: the leader of the KRaft metadata quorum when the fault began. */
    public static final String CONTROLLER = "controller";
    /** Voters of the KRaft metadata quorum chosen by the fault (a majority, or all): a replay takes the same node ids. */
    public static final String VOTERS = "voters";
    /** Beside {@link #CONTROLLER}: the leader epoch of the active controller the fault aimed at, when it began. */
    public static final String EPOCH = "epoch";

    /** Writes {@code "role": "leader", "leader-of": p} into an op's value (leader-of is what older histories already wrote). */
    public static ObjectNode leader(ObjectNode value, int partition) {
        return value.put(FIELD, LEADER).put("leader-of", partition);
    }

    /** Writes {@code "role": "followers", "followers-of": p}: the running nodes other than p's leader. */
    public static ObjectNode followers(ObjectNode value, int partition) {
        return value.put(FIELD, FOLLOWERS).put("followers-of", partition);
    }

    /** Writes {@code "role": "random"} (a node drawn at random: a replay takes the same node id) or {@code "all"}. */
    public static ObjectNode plain(ObjectNode value, String kind) {
        return value.put(FIELD, kind);
    }

    /**
     * The role an op's value records. Without a {@code role} field (histories written before it): a {@code leader-of}
     * partition means the leader role; anything else has no role (empty), and a replay falls back to the node ids.
     */
    public static Optional<FaultRole> of(JsonNode value) {
        if (value == null || !value.isObject()) return Optional.empty();
        JsonNode role = value.get(FIELD);
        if (role == null || !role.isTextual()) {
            int p = intField(value, "leader-of");
            return p >= 0 ? Optional.of(new FaultRole(LEADER, p, null)) : Optional.empty();
        }
        String kind = role.asText();
        int p = switch (kind) {
            case LEADER -> Math.max(intField(value, "leader-of"), intField(value, "partition"));
            case FOLLOWERS -> intField(value, "followers-of");
            default -> -1;
        };
        JsonNode of = value.get("coordinator-of");
        return Optional.of(new FaultRole(kind, p, of != null && of.isObject() ? of : null));
    }

    private static int intField(JsonNode value, String key) {
        JsonNode n = value.get(key);
        return n != null && Json.isInteger(n) && n.canConvertToInt() && n.asInt() >= 0 ? n.asInt() : -1;
    }

    /** For a person: "the leader of partition 1", "the followers of partition 0", "a random node", ... */
    public String describe() {
        return switch (kind) {
            case LEADER -> "the leader of partition " + partition;
            case FOLLOWERS -> "the followers of partition " + partition;
            case RANDOM -> "a random node";
            case ALL -> "every node";
            case CONTROLLER -> "the active controller";
            case VOTERS -> "voters of the metadata quorum";
            case COORDINATOR, GROUP_COORDINATOR -> "the " + kind + " of " + (of == null ? "?" : of.toString());
            default -> "role " + kind;
        };
    }
}
