package io.kchaos.nemesis.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

/**
 * Something a Kafka coordinator serves for the workload: a transactional id, a consumer group, a share group (its
 * group coordinator), or one share-partition of a share group ({@code group:topic:partition}; its share coordinator,
 * the leader of the {@code __share_group_state} partition that persists its state).
 */
public record Coordinated(Kind kind, String id) {
    /** The kinds of coordinator. */
    public enum Kind {
        TRANSACTION("transactional-id"), GROUP("group"), SHARE_GROUP("share-group"), SHARE_PARTITION("share-partition");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        /** The key naming it in the history, e.g. {@code transactional-id}. */
        public String wire() {
            return wire;
        }
    }

    /** {@code {"transactional-id": "kchaos-txn-1"}}, {@code {"group": "kchaos-group"}}, {@code {"share-partition": "kchaos-share:t:0"}}, ... */
    public ObjectNode toJson() {
        return Json.object().put(kind.wire(), id);
    }

    @Override
    public String toString() {
        return kind.wire() + " " + id;
    }
}
