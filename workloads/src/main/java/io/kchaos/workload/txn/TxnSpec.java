package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.List;

/**
 * One planned transaction: its sends (key, run-unique value, explicit partition) in rounds (each round's sends are all
 * acknowledged before the next round is sent), whether it ends with a poll of the worker's read_committed consumer,
 * and whether it is deliberately aborted.
 */
record TxnSpec(List<Send> sends, List<Integer> rounds, boolean poll, boolean abort) {
    /** One planned send. */
    record Send(String key, long value, int partition) {
    }

    TxnSpec {
        sends = List.copyOf(sends);
        rounds = List.copyOf(rounds);
        if (rounds.isEmpty() || rounds.stream().anyMatch(n -> n < 1) || rounds.stream().mapToInt(Integer::intValue).sum() != sends.size()) {
            throw new IllegalArgumentException("rounds " + rounds + " do not split " + sends.size() + " send(s)");
        }
    }

    /** A transaction of one round. */
    TxnSpec(List<Send> sends, boolean poll, boolean abort) {
        this(sends, List.of(sends.size()), poll, abort);
    }

    /**
     * The invoke's value: {@code {"txn": [["send", "k3", 12, {"partition": 1}], ..., ["poll"]], "abort": false}}, with
     * {@code "rounds": [2, 1]} (the sends per round) when there is more than one round.
     */
    ObjectNode invokeValue() {
        ObjectNode v = Json.object();
        ArrayNode mops = v.putArray("txn");
        for (Send s : sends) mops.addArray().add("send").add(s.key()).add(s.value()).addObject().put("partition", s.partition());
        if (poll) mops.addArray().add("poll");
        putShape(v);
        return v;
    }

    /** Writes the fields every value of this transaction repeats: {@code abort}, and {@code rounds} when several. */
    void putShape(ObjectNode v) {
        v.put("abort", abort);
        if (rounds.size() > 1) {
            ArrayNode r = v.putArray("rounds");
            rounds.forEach(r::add);
        }
    }
}
