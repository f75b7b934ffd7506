package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Polls the workload topic's metadata once a second and appends each change of leader, leader epoch or ISR to
 * {@code leaders.jsonl} (times on the history's clock), for the report's leader timeline.
 */
public final class MetadataPoller implements AutoCloseable {
    private final Admin admin;
    private final String topic;
    private final HistoryWriter clock;
    private final BufferedWriter out;
    private final Map<Integer, String> last = new HashMap<>();
    private final PollingThread thread;

    public MetadataPoller(Admin admin, String topic, HistoryWriter clock, Path file) {
        this.admin = admin;
        this.topic = topic;
        this.clock = clock;
        try {
            this.out = Files.newBufferedWriter(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.thread = new PollingThread("metadata-poller", 1000, this::pollOnce);
    }

    public void start() {
        thread.start();
    }

    /** Reads leaders, ISRs and leader epochs once and records what changed. */
    public synchronized void pollOnce() throws Exception {
        TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(3, TimeUnit.SECONDS).get(topic);
        Map<TopicPartition, OffsetSpec> specs = new HashMap<>();
        d.partitions().forEach(p -> specs.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> offsets = Map.of();
        try {
            offsets = admin.listOffsets(specs).all().get(3, TimeUnit.SECONDS);
        } catch (Exception e) {
            // epochs unknown this round
        }
        long now = clock.now();
        for (TopicPartitionInfo p : d.partitions()) {
            int leader = p.leader() == null || p.leader().isEmpty() ? -1 : p.leader().id();
            var info = offsets.get(new TopicPartition(topic, p.partition()));
            int epoch = info == null ? -1 : info.leaderEpoch().orElse(-1);
            List<Integer> isr = p.isr().stream().map(Node::id).sorted().toList();
            String key = leader + "/" + epoch + "/" + isr;
            if (key.equals(last.get(p.partition()))) continue;
            last.put(p.partition(), key);
            ObjectNode line = Json.object();
            line.put("time", now);
            line.put("partition", p.partition());
            line.put("leader", leader);
            line.put("epoch", epoch);
            ArrayNode a = line.putArray("isr");
            isr.forEach(a::add);
            out.write(Json.MAPPER.writeValueAsString(line));
            out.write('\n');
            out.flush();
        }
    }

    @Override
    public void close() {
        thread.close();
        try {
            synchronized (this) {
                out.close();
            }
        } catch (IOException e) {
            // best effort
        }
    }
}
