package io.kchaos.workload.common;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.DrainFields;

/**
 * Where the drain stopped in a partition it did not read completely, recorded in its last op's
 * {@link DrainFields#UNFINISHED}: what the checker needs to tell a broker that could not serve acknowledged offsets
 * from a drain that ran out of time.
 *
 * @param position  the consumer's position when the drain ended (the first offset not read)
 * @param endOffset the end offset the drain meant to read up to
 * @param error     the error naming this partition that stopped the drain there, or null
 * @param stalledMs how long the position had not moved when the drain ended
 * @param leader    the partition's leader when the drain ended: a node id, {@link #NO_LEADER} or {@link #LEADER_UNKNOWN}
 */
record DrainStop(long position, long endOffset, String error, long stalledMs, int leader) {
    static final int NO_LEADER = -1;
    static final int LEADER_UNKNOWN = -2;

    /** {@code {"position": 8191, "end-offset": 20000, "error": null, "stalled-ms": 95000, "leader": 2}} */
    void into(ObjectNode o) {
        o.put(DrainFields.POSITION, position);
        o.put(DrainFields.END_OFFSET, endOffset);
        if (error == null) o.putNull(DrainFields.ERROR);
        else o.put(DrainFields.ERROR, error);
        o.put(DrainFields.STALLED_MS, stalledMs);
        if (leader == NO_LEADER) o.putNull(DrainFields.LEADER);
        else if (leader != LEADER_UNKNOWN) o.put(DrainFields.LEADER, leader);
    }
}
