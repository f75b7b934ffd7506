package io.kchaos.checker.replica;

import org.apache.kafka.common.TopicPartition;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares the replicas of one partition on the start offset of every epoch for which at least two of them hold
 * data ({@code epoch-lineage-mismatch}, kind {@code across-replicas}). Start offsets below a replica's log start
 * are compared as the log start, since Kafka moves the first entry up when it deletes old segments; entries that may
 * lag after an unclean shutdown, and replicas whose checkpoint did not parse, are left out.
 */
final class CrossReplicaLineageCheck {
    private final TopicPartition topicPartition;
    private final Map<Replica, EpochLineageCheck> lineages;
    private final Findings findings;

    CrossReplicaLineageCheck(TopicPartition topicPartition, Map<Replica, EpochLineageCheck> lineages, Findings findings) {
        this.topicPartition = topicPartition;
        this.lineages = lineages;
        this.findings = findings;
    }

    void run() {
        Set<Integer> epochs = new TreeSet<>();
        lineages.values().forEach(l -> epochs.addAll(l.firstOffsetByEpoch().keySet()));
        for (int epoch : epochs) {
            Map<Replica, Long> starts = new LinkedHashMap<>();
            long floor = 0;
            for (Map.Entry<Replica, EpochLineageCheck> e : lineages.entrySet()) {
                EpochLineageCheck l = e.getValue();
                Long start = l.checkpointStarts().get(epoch);
                if (!l.usable() || start == null || !l.firstOffsetByEpoch().containsKey(epoch) || l.mayLag(start)) continue;
                starts.put(e.getKey(), start);
                floor = Math.max(floor, e.getKey().logStartOffset());
            }
            Set<Long> effective = new HashSet<>();
            for (long s : starts.values()) effective.add(Math.max(s, floor));
            if (effective.size() > 1) findings.lineageAcrossReplicas(topicPartition, epoch, starts);
        }
    }
}
