package io.kchaos.workload.txn;

import io.kchaos.workload.TxnClient;
import org.apache.kafka.common.errors.TimeoutException;

import java.util.Locale;

/**
 * When a txn worker replaces its producer (the {@code producer-lifetime} option): {@code failure} after every outcome
 * that leaves it unsettled; {@code run} only when settling it fails too, so that one producer (one transactional.id,
 * epoch after epoch) lives through the whole run unless Kafka gives it a fatal error.
 */
enum ProducerLifetime {
    FAILURE, RUN;

    /** The option's value. */
    String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ProducerLifetime of(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether the worker may keep the producer after outcome. Under {@code run} an unsettled producer is settled first:
     * a commit or abort that timed out is called again (the Java client keeps its pending result and must be asked
     * again), anything else is aborted (an abortable error); if that throws too the error is fatal and the producer goes.
     */
    boolean keeps(TxnClient producer, TxnAttempt.Outcome outcome) {
        if (outcome.producerUsable()) return true;
        if (this == FAILURE) return false;
        try {
            boolean timedOut = outcome.failure() instanceof TimeoutException;
            if (timedOut && outcome.unsettled() == TxnAttempt.Call.COMMIT) producer.commitTransaction();
            else producer.abortTransaction();
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
