package io.kchaos.workload;

import io.kchaos.workload.group.GroupWorkload;
import io.kchaos.workload.queue.QueueWorkload;
import io.kchaos.workload.share.ShareWorkload;
import io.kchaos.workload.txn.TxnWorkload;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The workloads kchaos knows, by name: what the CLI's {@code --workload NAME} resolves through. */
public final class Workloads {
    private static final Map<String, Supplier<Workload>> BY_NAME = new TreeMap<>(Map.of(
            QueueWorkload.NAME, QueueWorkload::new,
            TxnWorkload.NAME, TxnWorkload::new,
            GroupWorkload.NAME, GroupWorkload::new,
            ShareWorkload.NAME, ShareWorkload::new));

    private Workloads() {
    }

    /** The known names, sorted. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** A new workload of that name; IllegalArgumentException naming the known ones otherwise. */
    public static Workload create(String name) {
        Supplier<Workload> s = BY_NAME.get(name);
        if (s == null) throw new IllegalArgumentException("unknown workload '" + name + "'; known: " + names());
        return s.get();
    }
}
