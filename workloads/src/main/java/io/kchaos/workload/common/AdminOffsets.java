package io.kchaos.workload.common;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** The partitions' end offsets as the Admin API lists them, for the end phases of the group and share workloads. */
public final class AdminOffsets {
    private AdminOffsets() {
    }

    /** Partition number to end offset (within 5 s). */
    public static Map<Integer, Long> ends(Admin admin, List<TopicPartition> partitions) throws Exception {
        Map<TopicPartition, OffsetSpec> spec = new HashMap<>();
        partitions.forEach(tp -> spec.put(tp, OffsetSpec.latest()));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> r = admin.listOffsets(spec).all().get(5, TimeUnit.SECONDS);
        Map<Integer, Long> out = new TreeMap<>();
        r.forEach((tp, info) -> out.put(tp.partition(), info.offset()));
        return out;
    }
}
