package io.kchaos.workload.rdkafka;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.common.protocol.Errors;

import java.util.Set;

/**
 * Turns an error of librdkafka's transactional producer (its name, code and classes: fatal, abortable =
 * {@code txn_requires_abort}, retriable) into the exception the built-in client throws in that state, so that the txn
 * workload needs no librdkafka knowledge. The table is in docs/rdkafka-driver.md.
 */
final class RdkafkaTxnErrors {
    /** librdkafka's own timeouts: a call's (init, commit, abort), a queued request's, a record's delivery. */
    private static final Set<String> TIMEOUTS = Set.of("_TIMED_OUT", "_TIMED_OUT_QUEUE", "_MSG_TIMED_OUT");

    private RdkafkaTxnErrors() {
    }

    /**
     * In order: fenced ({@code _FENCED}, or the broker's PRODUCER_FENCED) → {@link ProducerFencedException}; any other
     * fatal error → a plain {@link KafkaException} (the Java producer's "error state"); abortable →
     * {@link TransactionAbortableException}; retriable or a timeout → {@link TimeoutException} (the Java client
     * retries inside its call until max.block.ms, then throws that); anything else as {@link DriverReplies#error}.
     */
    static KafkaException exception(JsonNode reply) {
        String name = reply.path("name").asText("error");
        String text = "librdkafka " + name + ": " + reply.path("error").asText("?");
        if (name.equals("_FENCED") || reply.path("code").asInt() == Errors.PRODUCER_FENCED.code()) return new ProducerFencedException(text);
        if (reply.path("fatal").asBoolean()) return new KafkaException("fatal " + text);
        if (reply.path("abortable").asBoolean()) return new TransactionAbortableException(text);
        if (reply.path("retriable").asBoolean() || TIMEOUTS.contains(name)) return new TimeoutException(text);
        return DriverReplies.error(reply);
    }
}
