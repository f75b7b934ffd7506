package io.kchaos.nemesis.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;
import java.util.Random;

/**
 * Faults on a node's data directory (its data disk), for backends whose harness reaches the nodes' files: replace it
 * with an empty one, fill its file system, flip bytes in a segment. Each method returns the facts a history op records.
 */
public interface StorageControl {
    /**
     * Replaces the stopped node's data directory with a freshly formatted empty one (same node id and cluster id, a new
     * directory id): a replaced disk. Returns e.g. {@code {"directory-id": "..."}}.
     */
    ObjectNode wipe(int node);

    /**
     * Replaces the stopped controller's metadata log directory with a freshly formatted empty one that names no voters
     * (a KIP-853 observer until it is added: {@code --no-initial-controllers}), same node and cluster id, a new
     * directory id read back: a controller's failed metadata disk replaced. Returns e.g.
     * {@code {"directory-id": "...", "directory-id-before": "..."}}.
     */
    default ObjectNode replaceMetadataDisk(int node) {
        throw new UnsupportedOperationException("this backend cannot replace a controller's metadata disk");
    }

    /** Fills the node's size-limited data file system until writes fail (ENOSPC); returns e.g. {@code {"bytes": n}}. */
    ObjectNode fill(int node);

    /** Deletes what {@link #fill} wrote. Idempotent. */
    void free(int node);

    /**
     * Flips bytes inside one record batch below the recovery point of the stopped node's workload data, in a closed
     * segment where one exists; returns where (path, position, offsets), or empty when the node holds no batch yet.
     */
    Optional<ObjectNode> corruptSegment(int node, Random random);
}
