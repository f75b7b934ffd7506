package io.kchaos.checker.txn.graph;

import io.kchaos.checker.result.AnomalyType;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a cycle of one anomaly type is made of, as the search needs it: the edge kinds it may use, those it must
 * contain, how many rw edges it has, and the kind its search starts from (one every such cycle contains).
 */
record CycleShape(AnomalyType type, int allowed, int required, int rwMin, int rwMax, EdgeKind start) {
    /** The shape of a cycle type of the catalogue, from its key: a base type and an optional -process/-realtime. */
    static CycleShape of(AnomalyType type) {
        String key = type.key();
        boolean process = key.endsWith("-process");
        boolean realtime = key.endsWith("-realtime");
        String base = process ? key.substring(0, key.length() - 8) : realtime ? key.substring(0, key.length() - 9) : key;
        Set<EdgeKind> allowed;
        Set<EdgeKind> required;
        int rwMin = 0;
        int rwMax = 0;
        EdgeKind start;
        switch (base) {
            case "G1c-wr" -> { allowed = EnumSet.of(EdgeKind.WR); required = EnumSet.of(EdgeKind.WR); start = EdgeKind.WR; }
            case "G0" -> { allowed = EnumSet.of(EdgeKind.WW); required = EnumSet.of(EdgeKind.WW); start = EdgeKind.WW; }
            case "G1c" -> { allowed = EnumSet.of(EdgeKind.WW, EdgeKind.WR); required = EnumSet.copyOf(allowed); start = EdgeKind.WR; }
            case "G-single", "G2" -> {
                allowed = EnumSet.of(EdgeKind.WW, EdgeKind.WR, EdgeKind.RW);
                required = EnumSet.noneOf(EdgeKind.class);
                rwMin = base.equals("G2") ? 2 : 1;
                rwMax = base.equals("G2") ? Integer.MAX_VALUE : 1;
                start = EdgeKind.RW;
            }
            default -> throw new IllegalArgumentException("no cycle shape for " + key);
        }
        if (process || realtime) {
            allowed.add(EdgeKind.PROCESS);
            EdgeKind extra = process ? EdgeKind.PROCESS : EdgeKind.REALTIME;
            allowed.add(extra);
            required.add(extra);
            start = extra;
        }
        return new CycleShape(type, mask(allowed), mask(required), rwMin, rwMax, start);
    }

    private static int mask(Set<EdgeKind> kinds) {
        int m = 0;
        for (EdgeKind k : kinds) m |= k.bit();
        return m;
    }
}
