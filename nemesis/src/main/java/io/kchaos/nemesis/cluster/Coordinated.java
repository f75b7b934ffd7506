package io.kchaos.nemesis.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

/** Something a Kafka coordinator serves for the workload: a transactional id or a consumer group. */
public record Coordinated(Kind kind, String id) {
    /** The two kinds of coordinator. */
    public enum Kind {
        TRANSACTION("transactional-id"), GROUP("group");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        /** The key naming it in the history, e.g. {@code transactional-id}. */
        public String wire() {
            return wire;
        }
    }

    /** {@code {"transactional-id": "kchaos-txn-1"}} or {@code {"group": "kchaos-group"}}. */
    public ObjectNode toJson() {
        return Json.object().put(kind.wire(), id);
    }

    @Override
    public String toString() {
        return kind.wire() + " " + id;
    }
}
