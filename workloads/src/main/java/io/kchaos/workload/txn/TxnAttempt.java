package io.kchaos.workload.txn;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.TxnFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.SendErrorClassifier;
import io.kchaos.workload.TxnClient;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Runs one transaction and records it as a {@code txn} op with exactly one completion. Its sends go out round by
 * round: each round is flushed and every send in it acknowledged before the next round is sent (a failed send ends the
 * transaction with an abort). The outcome rule:
 * {@code commitTransaction} returned → ok; {@code abortTransaction} returned (deliberately, or after a send failed
 * before any commit was asked) → fail, the sends are definitely invisible; {@code beginTransaction} threw → fail,
 * nothing was sent; any error while committing or aborting → info, and the producer must be replaced (a new one with
 * the same transactional.id fences it and settles the open transaction — or, with {@code producer-lifetime=run}, the
 * same producer settles it: {@link ProducerLifetime}). The completion names each send's partition, and its offset
 * when the broker acknowledged it, carries the poll micro-op's result, and names the producer ({@link TxnProducer});
 * a transaction held open on purpose ({@link TxnStall}) says for how long and the producer's transaction timeout.
 */
final class TxnAttempt {
    static final String F = ClientOps.TXN;

    /** The producer call whose error left the producer unsettled. */
    enum Call { BEGIN, COMMIT, ABORT }

    /**
     * How the transaction ended; when its producer may not simply run the next one, the call that left it unsettled
     * and that call's error.
     */
    record Outcome(OpType type, Call unsettled, RuntimeException failure) {
        static Outcome settled(OpType type) {
            return new Outcome(type, null, null);
        }

        /** Whether the producer may run the next transaction as it is. */
        boolean producerUsable() {
            return unsettled == null;
        }
    }

    private final HistoryWriter history;
    private final String topic;
    private final WorkloadStats stats;
    private final TxnStall stall;

    TxnAttempt(HistoryWriter history, String topic, WorkloadStats stats) {
        this(history, topic, stats, TxnStall.NONE);
    }

    /** With a stall of the open transaction ({@code stall-at-epoch}). */
    TxnAttempt(HistoryWriter history, String topic, WorkloadStats stats, TxnStall stall) {
        this.history = history;
        this.topic = topic;
        this.stats = stats;
        this.stall = stall;
    }

    /** Runs spec on the producer (its transactions initialized), polling through poller when spec asks and it exists. */
    Outcome run(int process, TxnSpec spec, TxnProducer runner, TxnPoller poller) {
        TxnClient producer = runner.client();
        history.invoke(process, F, spec.invokeValue());
        List<Future<RecordMetadata>> futures = new ArrayList<>();
        ObjectNode polled = null;
        try {
            producer.beginTransaction();
        } catch (RuntimeException e) {
            return complete(process, spec, futures, null, runner, new Outcome(OpType.FAIL, Call.BEGIN, e), e, 0);
        }
        try {
            int next = 0;
            for (int round : spec.rounds()) {
                for (TxnSpec.Send s : spec.sends().subList(next, next + round)) {
                    futures.add(producer.send(topic, s.partition(), s.key(), Long.toString(s.value())));
                }
                next += round;
                if (next == spec.sends().size() && spec.poll() && poller != null) polled = poller.poll();
                producer.flush();
                RuntimeException sendError = firstError(futures);
                if (sendError != null) return abort(process, spec, futures, polled, runner, sendError, 0);
            }
        } catch (RuntimeException e) {
            return abort(process, spec, futures, polled, runner, e, 0);
        }
        long stalled = stall.hold(runner);
        if (spec.abort() || stalled > 0 && stall.thenAbort()) return abort(process, spec, futures, polled, runner, null, stalled);
        try {
            producer.commitTransaction();
            return complete(process, spec, futures, polled, runner, Outcome.settled(OpType.OK), null, stalled);
        } catch (RuntimeException e) {
            return complete(process, spec, futures, polled, runner, new Outcome(OpType.INFO, Call.COMMIT, e), e, stalled);
        }
    }

    /** Aborts, deliberately (cause null) or after cause; fail when the abort returned, info otherwise. */
    private Outcome abort(int process, TxnSpec spec, List<Future<RecordMetadata>> futures, ObjectNode polled,
                          TxnProducer runner, RuntimeException cause, long stalledMs) {
        try {
            runner.client().abortTransaction();
            return complete(process, spec, futures, polled, runner, Outcome.settled(OpType.FAIL), cause, stalledMs);
        } catch (RuntimeException e) {
            return complete(process, spec, futures, polled, runner, new Outcome(OpType.INFO, Call.ABORT, e), cause != null ? cause : e, stalledMs);
        }
    }

    private Outcome complete(int process, TxnSpec spec, List<Future<RecordMetadata>> futures, ObjectNode polled,
                             TxnProducer runner, Outcome outcome, RuntimeException error, long stalledMs) {
        ObjectNode v = Json.object();
        ArrayNode mops = v.putArray("txn");
        for (int i = 0; i < spec.sends().size(); i++) {
            TxnSpec.Send s = spec.sends().get(i);
            ObjectNode at = mops.addArray().add("send").add(s.key()).add(s.value()).addObject().put("partition", s.partition());
            RecordMetadata m = i < futures.size() ? acknowledged(futures.get(i)) : null;
            if (m != null && m.hasOffset()) at.put("offset", m.offset());
        }
        if (polled != null) {
            mops.addArray().add("poll").add(polled);
            stats.polled.add(polled.path("records").size());
        }
        spec.putShape(v);
        if (stalledMs > 0) {
            // the timeout it outlived or not: the checker's stalledPastTimeout compares the two
            v.put(TxnFields.STALLED_MS, stalledMs);
            v.put(TxnFields.TRANSACTION_TIMEOUT_MS, runner.transactionTimeoutMs());
        }
        runner.describe(v);
        history.complete(process, outcome.type(), F, v, error == null ? null : SendErrorClassifier.describe(error));
        switch (outcome.type()) {
            case OK -> stats.ok.increment();
            case FAIL -> stats.fail.increment();
            default -> stats.info.increment();
        }
        return outcome;
    }

    /** The first error among the sends (all complete after flush); a send still incomplete counts as an error. */
    private static RuntimeException firstError(List<Future<RecordMetadata>> futures) {
        for (Future<RecordMetadata> f : futures) {
            if (!f.isDone()) return new IllegalStateException("send not complete after flush");
            try {
                f.get();
            } catch (ExecutionException e) {
                return e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new IllegalStateException("interrupted");
            }
        }
        return null;
    }

    private static RecordMetadata acknowledged(Future<RecordMetadata> f) {
        if (!f.isDone()) return null;
        try {
            return f.get();
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
