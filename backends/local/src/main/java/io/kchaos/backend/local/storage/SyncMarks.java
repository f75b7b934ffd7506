package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.PowerControl.LieScope;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a node's sync journal says is durable: per inode, the length up to which the file's content survives a power
 * loss. A sync ({@code S inode length}) raises the mark to at least {@code length} (concurrent syncs may be journaled
 * out of order, so the highest wins); a truncate ({@code T inode length}) lowers it to at most {@code length}; an
 * inode never mentioned has mark 0. {@code E} lines count sync calls the agent could not attribute to a file.
 * {@code L scope} starts a lying disk ({@code lying-disk}): the syncs journaled after it still count as claimed, but a
 * file in the scope survives only up to its mark at the lie's start; {@code H} (written once a power loss applied the
 * lie) ends it, every lied-about mark falling back to what was honoured.
 */
public final class SyncMarks {
    private final Map<Long, Long> marks = new HashMap<>();
    private final Map<Long, Long> honouredAtLie = new HashMap<>();
    private LieScope lie;
    private int unidentified;

    /** Applies one journal line; blank lines and a torn last line (no length) are ignored. */
    public void apply(String line) {
        if (line.startsWith("E ")) {
            unidentified++;
            return;
        }
        String[] f = line.trim().split(" ");
        if (f.length == 2 && f[0].equals("L")) {
            if (lie == null) LieScope.of(f[1]).ifPresent(s -> lie = s); // a second lie keeps the first one's start
            return;
        }
        if (f.length == 1 && f[0].equals("H")) {
            honouredAtLie.forEach(marks::put);
            honouredAtLie.clear();
            lie = null;
            return;
        }
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
            case "S" -> {
                if (lie != null) honouredAtLie.putIfAbsent(inode, durableLength(inode));
                marks.merge(inode, length, Math::max);
            }
            case "T" -> {
                marks.computeIfPresent(inode, (k, mark) -> Math.min(mark, length));
                honouredAtLie.computeIfPresent(inode, (k, mark) -> Math.min(mark, length));
            }
            default -> { }
        }
    }

    /** The length the syncs of the file with this inode claimed durable: 0 when it was never synced. */
    public long durableLength(long inode) {
        return marks.getOrDefault(inode, 0L);
    }

    /**
     * The length of the file with this inode that survives a power loss now, its path relative to the data directory
     * being {@code relativePath}: on a lying disk whose scope covers it, its mark when the lie began; else
     * {@link #durableLength}.
     */
    public long survivingLength(long inode, String relativePath) {
        if (lie != null && lie.covers(relativePath) && honouredAtLie.containsKey(inode)) return honouredAtLie.get(inode);
        return durableLength(inode);
    }

    /** The scope of the lie in force (its start journaled, no power loss applied it yet), if any. */
    public Optional<LieScope> lie() {
        return Optional.ofNullable(lie);
    }

    /** How many sync calls the agent could not attribute to a file (their files may lose bytes that were synced). */
    public int unidentified() {
        return unidentified;
    }
}
