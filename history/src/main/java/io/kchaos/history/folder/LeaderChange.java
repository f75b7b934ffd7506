package io.kchaos.history.folder;

import java.util.List;
import java.util.Locale;

/**
 * One observed change of a partition's metadata, a line of leaders.jsonl.
 *
 * @param time      nanoseconds since the run started
 * @param partition the partition
 * @param leader    the leader's node id, or -1 for none
 * @param epoch     the leader epoch, or -1 when unknown
 * @param isr       the in-sync replicas (empty when unknown)
 */
public record LeaderChange(long time, int partition, int leader, int epoch, List<Integer> isr) {
    /** How a reader finds it again: "leaders.jsonl at 61.204 s". */
    public String source() {
        return String.format(Locale.ROOT, "%s at %.3f s", RunFiles.LEADERS, time / 1e9);
    }
}
