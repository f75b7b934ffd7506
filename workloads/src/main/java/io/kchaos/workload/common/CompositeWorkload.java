package io.kchaos.workload.common;

import io.kchaos.workload.Workload;
import io.kchaos.workload.WorkloadContext;
import io.kchaos.workload.WorkloadStats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Several workloads in one run, on one history and one fault schedule ({@code --workload queue,metadata}): each is
 * started, stopped and drained in turn, in the order given (stopped in reverse). A {@code --workload-option} named
 * {@code <workload>.<key>} goes to that workload as {@code key}; one without a prefix goes to the first. The status
 * line shows the first's counters. The workloads must use disjoint history processes (e.g.
 * {@code new MetadataWorkload(firstProcess)}).
 */
public final class CompositeWorkload implements Workload {
    private final List<Workload> parts;

    public CompositeWorkload(List<Workload> parts) {
        if (parts.size() < 2) throw new IllegalArgumentException("a composite workload needs at least two workloads");
        this.parts = List.copyOf(parts);
    }

    @Override
    public String name() {
        return parts.stream().map(Workload::name).collect(Collectors.joining(","));
    }

    @Override
    public void start(WorkloadContext ctx) throws Exception {
        List<Workload> started = new ArrayList<>();
        try {
            for (int i = 0; i < parts.size(); i++) {
                Workload w = parts.get(i);
                w.start(withOptions(ctx, optionsOf(ctx.options(), w.name(), i == 0)));
                started.add(w);
            }
        } catch (Exception | Error e) {
            for (Workload w : started) w.close();
            throw e;
        }
    }

    /** The options for one part: its {@code name.key} entries, and the unprefixed ones for the first part. */
    public static Map<String, String> optionsOf(Map<String, String> all, String name, boolean first) {
        Map<String, String> out = new LinkedHashMap<>();
        all.forEach((k, v) -> {
            int dot = k.indexOf('.');
            if (dot > 0 && k.substring(0, dot).equals(name)) out.put(k.substring(dot + 1), v);
            else if (dot < 0 && first) out.put(k, v);
        });
        return out;
    }

    private static WorkloadContext withOptions(WorkloadContext c, Map<String, String> options) {
        return new WorkloadContext(c.bootstrapServers(), c.topic(), c.partitions(), c.replicationFactor(), c.topicConfig(),
                c.producerConfig(), c.consumerConfig(), c.producers(), c.consumers(), c.ratePerSecond(), c.seed(), c.history(),
                options, c.client(), c.brokers(), c.security());
    }

    @Override
    public void stop() throws InterruptedException {
        for (int i = parts.size() - 1; i >= 0; i--) parts.get(i).stop();
    }

    @Override
    public void drain() throws Exception {
        for (Workload w : parts) w.drain();
    }

    @Override
    public List<String> transactionalIds() {
        return parts.stream().flatMap(w -> w.transactionalIds().stream()).toList();
    }

    @Override
    public List<String> groupIds() {
        return parts.stream().flatMap(w -> w.groupIds().stream()).toList();
    }

    @Override
    public List<String> shareGroupIds() {
        return parts.stream().flatMap(w -> w.shareGroupIds().stream()).toList();
    }

    @Override
    public Map<String, String> choices() {
        Map<String, String> out = new LinkedHashMap<>();
        parts.forEach(w -> out.putAll(w.choices()));
        return out;
    }

    @Override
    public WorkloadStats stats() {
        return parts.get(0).stats();
    }

    @Override
    public void close() {
        for (int i = parts.size() - 1; i >= 0; i--) parts.get(i).close();
    }
}
