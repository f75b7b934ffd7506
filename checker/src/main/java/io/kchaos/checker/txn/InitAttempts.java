package io.kchaos.checker.txn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.history.TxnFields;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code txn-init} ops of a history (docs/history-txn-group.md, "op txn-init"), per transactional.id: how many
 * initializations were ok, failed or unknown, the last success, and the attempts since it that did not succeed (the
 * streak {@link UnusableIds} judges). A history written before the op existed has none.
 */
final class InitAttempts {
    static final String F = ClientOps.TXN_INIT;
    /** Distinct errors kept per streak. */
    static final int MAX_ERRORS = 10;

    private final Map<Integer, Op> pending = new HashMap<>();
    private final Map<String, Id> byId = new TreeMap<>();

    /** One attempt: its completion's index and type, its invocation's time (the completion's when none was seen), its error. */
    record Attempt(long index, long time, OpType type, String error) {
        JsonNode toJson() {
            return Json.object().put("index", index).put("time", time);
        }
    }

    /** The attempts of one transactional.id since its last success, none of which succeeded. */
    static final class Streak {
        final Attempt first;
        Attempt lastRefusal;
        long attempts;
        long fail;
        long info;
        final Set<String> errors = new LinkedHashSet<>();
        long errorsLeftOff;

        Streak(Attempt first) {
            this.first = first;
        }

        void add(Attempt a, boolean refusal) {
            attempts++;
            if (a.type() == OpType.FAIL) fail++;
            else info++;
            if (refusal) lastRefusal = a;
            if (a.error() == null || errors.contains(a.error())) return;
            if (errors.size() < MAX_ERRORS) errors.add(a.error());
            else errorsLeftOff++;
        }
    }

    /** Everything known about the initializations of one transactional.id. */
    static final class Id {
        final String transactionalId;
        long ok;
        long fail;
        long info;
        /** The last ok completion's index, producer id and epoch (-1 when not told); index -1 before any. */
        long lastSuccessIndex = -1;
        long lastSuccessProducerId = -1;
        int lastSuccessEpoch = -1;
        Streak streak;

        Id(String transactionalId) {
            this.transactionalId = transactionalId;
        }

        ObjectNode counts() {
            return Json.object().put("ok", ok).put("fail", fail).put("info", info);
        }
    }

    /** Reads one op; ops other than {@code txn-init} are ignored. */
    void accept(Op op) {
        if (op.isNemesis() || !F.equals(op.f())) return;
        if (op.isInvoke()) {
            pending.put(op.process(), op);
            return;
        }
        Op invoke = pending.remove(op.process());
        JsonNode v = op.value() != null && op.value().path(TxnFields.TRANSACTIONAL_ID).isTextual() ? op.value()
                : invoke == null ? null : invoke.value();
        if (v == null || !v.path(TxnFields.TRANSACTIONAL_ID).isTextual()) return;
        Id id = byId.computeIfAbsent(v.get(TxnFields.TRANSACTIONAL_ID).asText(), Id::new);
        Attempt a = new Attempt(op.index(), invoke == null ? op.time() : invoke.time(), op.type(), op.error());
        switch (op.type()) {
            case OK -> succeeded(id, op);
            case FAIL -> id.fail++;
            default -> id.info++;
        }
        if (op.type() == OpType.OK) return;
        if (id.streak == null) id.streak = new Streak(a);
        // a refusal: the coordinator answered no (a client that was never created sent nothing)
        id.streak.add(a, op.type() == OpType.FAIL && op.value().path(TxnFields.CLIENT_CREATED).asBoolean(true));
    }

    private static void succeeded(Id id, Op op) {
        id.ok++;
        id.streak = null;
        id.lastSuccessIndex = op.index();
        JsonNode v = op.value();
        id.lastSuccessProducerId = v.path(TxnFields.PRODUCER_ID).asLong(-1);
        id.lastSuccessEpoch = v.path(TxnFields.PRODUCER_EPOCH).asInt(-1);
    }

    /** Every transactional.id that had an initialization, by id. */
    Collection<Id> ids() {
        return byId.values();
    }

    /**
     * Writes the counts into {@code txn.producers}: {@code initializations} over all ids and per id under
     * {@code by-transactional-id}; nothing when the history has no {@code txn-init} op.
     */
    void countsInto(ObjectNode txnStats) {
        if (byId.isEmpty()) return;
        ObjectNode producers = txnStats.withObjectProperty("producers");
        ObjectNode each = producers.withObjectProperty("by-transactional-id");
        long ok = 0;
        long fail = 0;
        long info = 0;
        for (Id id : byId.values()) {
            ok += id.ok;
            fail += id.fail;
            info += id.info;
            each.withObjectProperty(id.transactionalId).set("initializations", id.counts());
        }
        producers.set("initializations", Json.object().put("ok", ok).put("fail", fail).put("info", info));
    }
}
