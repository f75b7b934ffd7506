package io.kchaos.harness.run;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** Reads each partition's ISR from the cluster (the replicas the audit holds to "every acknowledged write present"). */
public final class FinalIsr {
    private FinalIsr() {
    }

    /** Partition → ISR node ids; empty when the metadata cannot be read. */
    public static Map<Integer, List<Integer>> read(Admin admin, String topic) {
        Map<Integer, List<Integer>> isr = new TreeMap<>();
        try {
            for (TopicPartitionInfo p : admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic).partitions()) {
                isr.put(p.partition(), p.isr().stream().map(Node::id).sorted().toList());
            }
        } catch (Exception e) {
            // leave empty: the audit then presumes the final ISR from the replicas' high-watermark checkpoints (and warns)
        }
        return isr;
    }
}
