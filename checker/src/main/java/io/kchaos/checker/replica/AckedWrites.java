package io.kchaos.checker.replica;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.history.ClientOps;
import io.kchaos.history.History;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The acknowledged sends of a history ({@code ok send} ops: partition, offset, value), grouped by partition and sorted
 * by offset so that each replica's log can be walked against them in one pass.
 */
final class AckedWrites {
    private final Map<Integer, Partition> partitions;
    private final long malformed;

    /** One partition's acknowledged writes, sorted by offset (several acks may name one offset). */
    static final class Partition {
        private final long[] offsets;
        private final long[] values;
        private final long[] indexes;

        private Partition(long[] offsets, long[] values, long[] indexes) {
            this.offsets = offsets;
            this.values = values;
            this.indexes = indexes;
        }

        int size() {
            return offsets.length;
        }

        long offset(int i) {
            return offsets[i];
        }

        long value(int i) {
            return values[i];
        }

        /** The history line of the acknowledgement. */
        long index(int i) {
            return indexes[i];
        }
    }

    private AckedWrites(Map<Integer, Partition> partitions, long malformed) {
        this.partitions = partitions;
        this.malformed = malformed;
    }

    static AckedWrites from(History history) {
        Map<Integer, Growing> growing = new HashMap<>();
        long[] malformed = {0};
        history.forEach(op -> {
            if (!op.isOk() || op.isNemesis() || !ClientOps.SEND.equals(op.f())) return;
            JsonNode v = op.value();
            JsonNode p = v.get("partition");
            JsonNode o = v.get("offset");
            JsonNode val = v.get("value");
            if (!Json.isInteger(p) || !p.canConvertToInt() || !Json.isInteger(o) || !Json.isInteger(val)) {
                malformed[0]++;
                return;
            }
            growing.computeIfAbsent(p.asInt(), k -> new Growing()).add(o.asLong(), val.asLong(), op.index());
        });
        Map<Integer, Partition> out = new HashMap<>();
        growing.forEach((p, g) -> out.put(p, g.sorted()));
        return new AckedWrites(out, malformed[0]);
    }

    static AckedWrites none() {
        return new AckedWrites(Map.of(), 0);
    }

    /** The partition's writes, or null when none were acknowledged. */
    Partition partition(int partition) {
        return partitions.get(partition);
    }

    Set<Integer> partitions() {
        return partitions.keySet();
    }

    /** Ok sends without partition, offset or value (cannot be checked). */
    long malformed() {
        return malformed;
    }

    private static final class Growing {
        long[] offsets = new long[16];
        long[] values = new long[16];
        long[] indexes = new long[16];
        int n;

        void add(long offset, long value, long index) {
            if (n == offsets.length) {
                offsets = Arrays.copyOf(offsets, n * 2);
                values = Arrays.copyOf(values, n * 2);
                indexes = Arrays.copyOf(indexes, n * 2);
            }
            offsets[n] = offset;
            values[n] = value;
            indexes[n] = index;
            n++;
        }

        Partition sorted() {
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            Arrays.sort(order, (a, b) -> Long.compare(offsets[a], offsets[b]));
            long[] o = new long[n];
            long[] v = new long[n];
            long[] x = new long[n];
            for (int i = 0; i < n; i++) {
                o[i] = offsets[order[i]];
                v[i] = values[order[i]];
                x[i] = indexes[order[i]];
            }
            return new Partition(o, v, x);
        }
    }
}
