package io.kchaos.checker.queue;

import io.kchaos.history.Op;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Whether a history gave a checker anything to judge (Jepsen's {@code :valid? :unknown} when there is not enough
 * data): at least one client op, and at least one acknowledged write ({@code send} or {@code txn} completed ok).
 * Without that a clean result would be an empty VALID, so the verdict is unknown with the reason — for a run whose
 * writes were all refused, the refusal itself ("0 of 4,103 sends acknowledged: every send refused with
 * NotEnoughReplicas — the configuration cannot accept writes").
 */
public final class JudgedEvidence implements Consumer<Op> {
    /** The error that means the brokers refused the write for lack of in-sync replicas (not "...AfterAppend"). */
    static final String NOT_ENOUGH_REPLICAS = "NotEnoughReplicas";

    private long clientOps;
    private long nemesisOps;
    private long writes;
    private long acknowledged;
    private boolean transactions;
    private final Map<String, Long> refusals = new TreeMap<>();

    @Override
    public void accept(Op op) {
        if (op.isNemesis()) {
            nemesisOps++;
            return;
        }
        clientOps++;
        if (!isWrite(op.f())) return;
        if (op.isInvoke()) {
            writes++;
            transactions |= !QueueOps.SEND.equals(op.f());
        }
        else if (op.isOk()) acknowledged++;
        else refusals.merge(errorName(op), 1L, Long::sum);
    }

    private static boolean isWrite(String f) {
        return QueueOps.SEND.equals(f) || "txn".equals(f);
    }

    /** The error's exception name without its package and without "Exception", e.g. {@code NotEnoughReplicas}. */
    static String errorName(Op op) {
        if (op.error() == null || op.error().isBlank()) return op.type().wire() + " without error";
        String name = op.error().split("[:\\s]", 2)[0];
        name = name.substring(name.lastIndexOf('.') + 1);
        return name.endsWith("Exception") && name.length() > "Exception".length()
                ? name.substring(0, name.length() - "Exception".length()) : name;
    }

    /** The reason nothing was judged, or empty when the history had client ops and an acknowledged write. */
    public Optional<String> nothingJudged() {
        if (clientOps == 0) {
            return Optional.of("nothing to judge: the history holds no client op" + (nemesisOps > 0 ? " (only " + nemesisOps + " nemesis ops)" : ""));
        }
        if (writes == 0) return Optional.of("nothing to judge: the history holds no write (no send or txn invoked)");
        if (acknowledged > 0) return Optional.empty();
        String noun = transactions ? "transaction" : "send";
        String head = String.format("0 of %,d %s%s acknowledged", writes, noun, writes == 1 ? "" : "s");
        if (refusals.isEmpty()) return Optional.of(head + ": none completed; there is no acknowledged write to check");
        if (refusals.size() == 1) {
            String error = refusals.keySet().iterator().next();
            return Optional.of(head + ": every " + noun + " refused with " + error
                    + (error.equals(NOT_ENOUGH_REPLICAS) ? " — the configuration cannot accept writes" : ""));
        }
        StringBuilder b = new StringBuilder(head).append(" (errors:");
        refusals.forEach((e, n) -> b.append(' ').append(e).append(" ×").append(n).append(','));
        b.setLength(b.length() - 1);
        return Optional.of(b.append("): there is no acknowledged write to check").toString());
    }

    /** How many writes were invoked (sends or transactions). */
    public long writes() {
        return writes;
    }

    /** How many writes were acknowledged. */
    public long acknowledged() {
        return acknowledged;
    }

    /** Whether every write completed so far was refused with NotEnoughReplicas and none was acknowledged. */
    public boolean onlyNotEnoughReplicas() {
        return acknowledged == 0 && refusals.size() == 1 && refusals.containsKey(NOT_ENOUGH_REPLICAS);
    }

    /** How many writes completed without an acknowledgement. */
    public long refused() {
        return refusals.values().stream().mapToLong(Long::longValue).sum();
    }
}
