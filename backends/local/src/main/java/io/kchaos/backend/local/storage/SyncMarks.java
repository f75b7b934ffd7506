package io.kchaos.backend.local.storage;

import java.util.HashMap;
import java.util.Map;

/**
 * What a node's sync journal says is durable: per inode, the length up to which the file's content survives a power
 * loss. A sync ({@code S inode length}) raises the mark to at least {@code length} (concurrent syncs may be journaled
 * out of order, so the highest wins); a truncate ({@code T inode length}) lowers it to at most {@code length}; an
 * inode never mentioned has mark 0. {@code E} lines count sync calls the agent could not attribute to a file.
 */
public final class SyncMarks {
    private final Map<Long, Long> marks = new HashMap<>();
    private int unidentified;

    /** Applies one journal line; blank lines and a torn last line (no length) are ignored. */
    public void apply(String line) {
        if (line.startsWith("E ")) {
            unidentified++;
            return;
        }
        String[] f = line.trim().split(" ");
        if (f.length != 3) return;
        long inode;
        long length;
        try {
            inode = Long.parseLong(f[1]);
            length = Long.parseLong(f[2]);
        } catch (NumberFormatException e) {
            return;
        }
        switch (f[0]) {
            case "S" -> marks.merge(inode, length, Math::max);
            case "T" -> marks.computeIfPresent(inode, (k, mark) -> Math.min(mark, length));
            default -> { }
        }
    }

    /** The durable length of the file with this inode: 0 when it was never synced. */
    public long durableLength(long inode) {
        return marks.getOrDefault(inode, 0L);
    }

    /** How many sync calls the agent could not attribute to a file (their files may lose bytes that were synced). */
    public int unidentified() {
        return unidentified;
    }
}
