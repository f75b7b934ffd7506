package io.kchaos.history.folder;

import java.util.List;

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
}
