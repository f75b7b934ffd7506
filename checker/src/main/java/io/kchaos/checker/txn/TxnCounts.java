package io.kchaos.checker.txn;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

/** The figures of a transaction history: how transactions ended, how many sends they committed, what their polls read. */
final class TxnCounts {
    long ok;
    long fail;
    long info;
    long abortedDeliberately;
    long committedSends;
    long polls;
    long recordsPolled;
    long invocationsWithoutCompletion;
    long completionsWithoutInvocation;

    void ended(OpType type) {
        switch (type) {
            case OK -> ok++;
            case FAIL -> fail++;
            default -> info++;
        }
    }

    /** {@code {"ok": n, "fail": n, "info": n, "aborted-deliberately": n, ...}} */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("ok", ok);
        o.put("fail", fail);
        o.put("info", info);
        o.put("aborted-deliberately", abortedDeliberately);
        o.put("committed-sends", committedSends);
        o.put("polls", polls);
        o.put("records-polled", recordsPolled);
        o.put(ResultsFields.Stats.INVOCATIONS_WITHOUT_COMPLETION, invocationsWithoutCompletion);
        return o;
    }
}
