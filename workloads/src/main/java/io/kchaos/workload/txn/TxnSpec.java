package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.List;

/**
 * One planned transaction: its sends (key, run-unique value, explicit partition), whether it ends with a poll of the
 * worker's read_committed consumer, and whether it is deliberately aborted.
 */
record TxnSpec(List<Send> sends, boolean poll, boolean abort) {
    /** One planned send. */
    record Send(String key, long value, int partition) {
    }

    /** The invoke's value: {@code {"txn": [["send", "k3", 12, {"partition": 1}], ..., ["poll"]], "abort": false}}. */
    ObjectNode invokeValue() {
        ObjectNode v = Json.object();
        ArrayNode mops = v.putArray("txn");
        for (Send s : sends) mops.addArray().add("send").add(s.key()).add(s.value()).addObject().put("partition", s.partition());
        if (poll) mops.addArray().add("poll");
        v.put("abort", abort);
        return v;
    }
}
