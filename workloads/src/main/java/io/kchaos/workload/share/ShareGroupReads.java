package io.kchaos.workload.share;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.workload.common.AdminOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** What the share group's end phase reads through the Admin API: end offsets, the group's start offsets, its assignment. */
record ShareGroupReads(Admin admin, String group, List<TopicPartition> partitions) implements ShareCatchUp.Reads {
    @Override
    public Map<Integer, Long> ends() throws Exception {
        return AdminOffsets.ends(admin, partitions);
    }

    @Override
    public Map<Integer, Long> starts() throws Exception {
        Map<TopicPartition, OffsetAndMetadata> r = admin.listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec().topicPartitions(partitions)))
                .partitionsToOffsetAndMetadata(group).get(5, TimeUnit.SECONDS);
        Map<Integer, Long> out = new TreeMap<>();
        r.forEach((tp, om) -> {
            if (om != null) out.put(tp.partition(), om.offset());
        });
        return out;
    }

    @Override
    public void assignment(ObjectNode v) throws InterruptedException {
        ShareGroupDescription d;
        try {
            d = admin.describeShareGroups(List.of(group)).describedGroups().get(group).get(5, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return;
        }
        Map<Integer, TreeSet<String>> byPartition = new TreeMap<>();
        for (ShareMemberDescription m : d.members()) {
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                byPartition.computeIfAbsent(tp.partition(), p -> new TreeSet<>()).add(m.clientId());
            }
        }
        ObjectNode a = v.putObject("assignment");
        byPartition.forEach((p, clients) -> clients.forEach(a.withArray(String.valueOf(p))::add));
    }
}
