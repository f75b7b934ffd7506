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

    /**
     * From now on these nodes' disks lie about fsync within {@code scope}: every sync still succeeds, but the next
     * {@link #cut} of such a node keeps only what was synced before the lie began, and ends the lie. Returns once
     * each node's sync marks read back the lie's start, else {@link FaultNotHeld}.
     */
    default void lie(List<Integer> nodes, LieScope scope) {
        throw new IllegalStateException("this cluster cannot make a disk lie about fsync");
    }

    /** What a lying disk covers: the KRaft metadata log ({@code __cluster_metadata-0}) only, or every file of the node. */
    enum LieScope {
        METADATA("metadata"), NODE("node");

        private final String word;

        LieScope(String word) {
            this.word = word;
        }

        /** The word of {@code --nemesis-option lying-disk-scope} and of the sync journal's lie line. */
        public String word() {
            return word;
        }

        /** The scope this word names, if any. */
        public static java.util.Optional<LieScope> of(String word) {
            return java.util.Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst();
        }

        /** True when a file, its path relative to the data directory, is on the lying part of the disk. */
        public boolean covers(String relativePath) {
            return this == NODE || relativePath.startsWith(METADATA_LOG_DIR);
        }
    }

    /** The directory of the KRaft metadata log's partition inside a node's data directory. */
    String METADATA_LOG_DIR = "__cluster_metadata-0";

    /** One file that lost its unsynced tail: its path relative to the node's data directory, its length before and after. */
    record DroppedBytes(String file, long before, long after) {
        public long dropped() {
            return before - after;
        }
    }
}
