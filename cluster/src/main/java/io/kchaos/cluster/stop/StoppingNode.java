package io.kchaos.cluster.stop;

/**
 * One node of a cluster at its final clean stop, as {@link LastVoterRelease} watches it: whatever the backend, it can be
 * looked at (does it still run, what did its log gain), killed, and given a line in its log.
 */
public interface StoppingNode {
    /** What one look at a node saw. */
    record Look(boolean running, String appended) {
        /** A node that no longer runs (its log is not read). */
        public static final Look GONE = new Look(false, "");
    }

    /**
     * Whether the node still runs and, when it does, the text its log gained since the previous look (the first look:
     * since this node was watched); empty text when nothing was added or the log could not be read.
     */
    Look look();

    /** SIGKILL (or the backend's equivalent); returns once the node's process is gone. */
    void kill();

    /** Appends {@code line} to the node's log where its readers find it; throws a {@link RuntimeException} saying why not. */
    void note(String line);
}
