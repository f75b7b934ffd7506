package io.kchaos.checker.txn;

import io.kchaos.history.OpType;

import java.util.List;

/**
 * One transaction as completed: its dense id (in order of invocation), the history index and process of its
 * completion, how it ended (ok, fail, info; an invocation without completion is info) and its sends.
 */
record TxnRecord(int id, long index, int process, OpType type, List<TxnOps.Send> sends) {
}
