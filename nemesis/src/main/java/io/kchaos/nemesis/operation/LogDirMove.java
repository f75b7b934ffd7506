package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultOp;
import io.kchaos.history.OperationFields;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.OperationsView.ReplicaDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * One replica moved to another log dir of its JBOD broker, as {@code move-log-dir} and its {@code restore-log-dir} do
 * it ({@code Admin.alterReplicaLogDirs}), held once {@code describeReplicaLogDirs} reads it there with no future
 * replica left. A replay moves the recorded broker's replica of the recorded partition to the dir of this cluster with
 * the recorded dir's name ({@code disk-1}: a new run's dirs lie under another folder), and back.
 */
public final class LogDirMove {
    private LogDirMove() {
    }

    /** Asks for the move, then waits until the replica is read back in {@code to} with no future replica; adds {@code took-ms}. */
    static void move(NemesisContext ctx, int broker, int partition, String to, ObjectNode into, Duration bound) {
        long t0 = System.nanoTime();
        ctx.operations().moveReplicaDir(broker, partition, to);
        EffectWait.until("broker " + broker + "'s replica of partition " + partition + " in " + to + " with no future replica", bound,
                () -> ctx.operations().replicaDir(broker, partition), d -> d.isPresent() && d.get().settledIn(to),
                d -> d.map(ReplicaDir::toString).orElse("no answer"));
        into.put("took-ms", (System.nanoTime() - t0) / 1_000_000);
    }

    /**
     * A recorded move-log-dir again, on {@code broker} (the recorded node): its replica of the recorded partition moved to
     * the dir named as the recorded {@code to}; {@code value} (the recorded one) then says this cluster's {@code from}
     * and {@code to}, which the replayed restore reads.
     */
    public static void replay(NemesisContext ctx, int broker, ObjectNode value, Duration bound) {
        int partition = value.path(OperationFields.PARTITION).asInt();
        String to = named(ctx, broker, value.path(OperationFields.TO).asText());
        String from = ctx.operations().replicaDir(broker, partition).map(ReplicaDir::current).orElseThrow(() ->
                new IllegalStateException("broker " + broker + " reports no replica of partition " + partition + " now"));
        value.put(OperationFields.FROM, from);
        value.put(OperationFields.TO, to);
        move(ctx, broker, partition, to, value, bound);
    }

    /** A recorded restore-log-dir again: moves the replica a replay moved ({@code replayed}: the value it recorded) back, into {@code into}. */
    public static void restoreReplayed(NemesisContext ctx, JsonNode replayed, ObjectNode into, Duration bound) {
        Set<Integer> nodes = FaultOp.nodes(replayed);
        if (nodes.size() != 1) throw new IllegalStateException("a move-log-dir moves one broker's replica; its value names " + nodes);
        String back = replayed.path(OperationFields.FROM).asText();
        into.put(OperationFields.FROM, replayed.path(OperationFields.TO).asText());
        into.put(OperationFields.TO, back);
        move(ctx, nodes.iterator().next(), replayed.path(OperationFields.PARTITION).asInt(), back, into, bound);
    }

    /** The log dir of {@code broker} now whose name is {@code recorded}'s last path element. */
    private static String named(NemesisContext ctx, int broker, String recorded) {
        Path name = Path.of(recorded).getFileName();
        List<String> dirs = ctx.operations().logDirs().getOrDefault(broker, List.of());
        return dirs.stream().filter(d -> Path.of(d).getFileName().equals(name)).findFirst().orElseThrow(() ->
                new IllegalStateException("broker " + broker + " has no log dir named " + name + " now (its dirs: " + dirs + ")"));
    }
}
