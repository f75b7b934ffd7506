package io.kchaos.checker.metadata;

import io.kchaos.checker.metadata.MetadataOps.AdminOp;
import io.kchaos.checker.metadata.MetadataOps.ServedTopic;
import io.kchaos.history.ClientOps;
import io.kchaos.history.OpType;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a topic's indeterminate ops let two caught-up brokers serve differently, since such an op may land between two
 * reads: its presence and id (an indeterminate create or delete), its partition count among the counts asked by ops
 * that did not fail (an indeterminate create-partitions), a config key's value among the values set by ops that did
 * not fail, or none when no set of the key was acknowledged (an indeterminate set of the key).
 */
final class Leeway {
    private final boolean life;
    private final Set<Integer> counts = new HashSet<>();
    private final Map<String, Set<String>> values = new HashMap<>();

    private Leeway(boolean life) {
        this.life = life;
    }

    static Leeway of(Iterable<AdminOp> ops) {
        boolean life = false;
        boolean growth = false;
        Set<String> keys = new HashSet<>();
        for (AdminOp a : ops) {
            if (a.type() != OpType.INFO) continue;
            switch (a.f()) {
                case ClientOps.CREATE_TOPIC, ClientOps.DELETE_TOPIC -> life = true;
                case ClientOps.CREATE_PARTITIONS -> growth = true;
                case ClientOps.ALTER_CONFIG -> keys.add(a.key());
                default -> {
                }
            }
        }
        Leeway w = new Leeway(life);
        keys.forEach(k -> w.values.put(k, new HashSet<>()));
        for (AdminOp a : ops) {
            if (a.type() == OpType.FAIL) continue;
            if (growth && a.partitions() > 0) w.counts.add(a.partitions());
            if (a.key() != null && keys.contains(a.key())) w.values.get(a.key()).add(a.value());
        }
        keys.forEach(k -> {
            boolean acked = false;
            for (AdminOp a : ops) acked |= a.ok() && k.equals(a.key());
            if (!acked) w.values.get(k).add(null);
        });
        return w;
    }

    /** Whether two brokers serving {@code a} and {@code b} (null: absent) may both be right. */
    boolean allows(ServedTopic a, ServedTopic b) {
        if (Objects.equals(a, b)) return true;
        if (a == null || b == null || !Objects.equals(a.id(), b.id())) return life;
        if (a.partitions() != b.partitions() && !(counts.contains(a.partitions()) && counts.contains(b.partitions()))) {
            return false;
        }
        Set<String> keys = new TreeSet<>(a.configs().keySet());
        keys.addAll(b.configs().keySet());
        for (String k : keys) {
            String x = a.configs().get(k);
            String y = b.configs().get(k);
            if (Objects.equals(x, y)) continue;
            Set<String> allowed = values.get(k);
            if (allowed == null || !allowed.contains(x) || !allowed.contains(y)) return false;
        }
        return true;
    }
}
