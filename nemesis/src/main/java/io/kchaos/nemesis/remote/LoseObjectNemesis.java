package io.kchaos.nemesis.remote;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FaultInjector;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@code remote-lose-object}: the object store loses data, the negative control of the remote tier. One copied
 * segment's log file is deleted from the bucket: in a random partition that has segments there, its lowest-offset one
 * (the likeliest to lie below every broker's local log start, so that its records are nowhere else). Nothing heals it.
 */
public final class LoseObjectNemesis implements FaultInjector {
    @Override
    public Fault inject(NemesisContext ctx) {
        Path bucket = Buckets.of(ctx);
        List<StoredSegment> stored = StoredSegment.in(bucket);
        ObjectNode v = Json.object();
        v.put("candidates", stored.size());
        ctx.recorder().record(NemesisOps.REMOTE_LOSE_OBJECT.f(), v, () -> {
            if (stored.isEmpty()) throw new FaultNotHeld("no copied segment in " + bucket + " yet");
            StoredSegment lost = choose(stored, ctx);
            v.put("topic-partition", lost.topicPartition());
            v.put("segment-id", lost.id());
            v.put("path", lost.log().toString());
            lost.baseOffset().ifPresent(o -> v.put("base-offset", o));
            lost.lastOffset().ifPresent(o -> v.put("last-offset", o));
            try {
                v.put("bytes", Files.size(lost.log()));
                Files.delete(lost.log());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete " + lost.log() + ": " + e.getMessage(), e);
            }
        });
        return Fault.NONE;
    }

    /** A random partition's segment with the lowest base offset (unreadable offsets last). */
    private static StoredSegment choose(List<StoredSegment> stored, NemesisContext ctx) {
        Map<String, List<StoredSegment>> byPartition = new TreeMap<>(stored.stream().collect(Collectors.groupingBy(StoredSegment::topicPartition)));
        List<StoredSegment> partition = ctx.pick(List.copyOf(byPartition.values()));
        return partition.stream().min(Comparator.comparingLong((StoredSegment s) -> s.baseOffset().orElse(Long.MAX_VALUE))
                .thenComparing(StoredSegment::id)).orElseThrow();
    }
}
