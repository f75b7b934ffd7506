package io.kchaos.nemesis.cluster;

import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Cuts the power of nodes: every node SIGKILLed at the same moment, then each of its files made to hold exactly what
 * the broker had synced of it (metadata operations — create, rename, delete, truncate — persist). The nodes stay down
 * until started again.
 */
public interface PowerControl {
    /**
     * Cuts these nodes' power at once and returns, per node, the files that lost bytes. With {@code tornWrites}, each
     * file keeps a random 4 KiB-aligned prefix of its unsynced bytes (drawn from {@code random}) instead of none.
     */
    Map<Integer, List<DroppedBytes>> cut(List<Integer> nodes, boolean tornWrites, Random random);

    /** One file that lost its unsynced tail: its path relative to the node's data directory, its length before and after. */
    record DroppedBytes(String file, long before, long after) {
        public long dropped() {
            return before - after;
        }
    }
}
