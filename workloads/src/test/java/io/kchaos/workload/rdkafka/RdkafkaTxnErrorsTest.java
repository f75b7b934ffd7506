package io.kchaos.workload.rdkafka;

import io.kchaos.history.Json;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** librdkafka's transactional errors as the built-in client's exceptions, class by class. */
class RdkafkaTxnErrorsTest {
    private static KafkaException map(String name, int code, boolean fatal, boolean abortable, boolean retriable) {
        return RdkafkaTxnErrors.exception(Json.object().put("error", "text").put("code", code).put("name", name)
                .put("fatal", fatal).put("abortable", abortable).put("retriable", retriable));
    }

    @Test
    void fencedIsProducerFencedAndAnyOtherFatalErrorAPlainKafkaException() {
        assertSame(ProducerFencedException.class, map("_FENCED", -144, true, false, false).getClass());
        assertSame(ProducerFencedException.class, map("PRODUCER_FENCED", 90, false, false, false).getClass(), "the broker's code, flagged or not");
        KafkaException fatal = map("OUT_OF_ORDER_SEQUENCE_NUMBER", 45, true, true, false);
        assertSame(KafkaException.class, fatal.getClass(), "fatal before abortable");
        assertEquals("fatal librdkafka OUT_OF_ORDER_SEQUENCE_NUMBER: text", fatal.getMessage());
    }

    @Test
    void abortableIsTransactionAbortableEvenWhenAlsoRetriableOrATimeout() {
        assertSame(TransactionAbortableException.class, map("NOT_ENOUGH_REPLICAS", 19, false, true, false).getClass());
        assertSame(TransactionAbortableException.class, map("_MSG_TIMED_OUT", -192, false, true, true).getClass());
    }

    @Test
    void retriableErrorsAndTimeoutsAreTimeouts() {
        KafkaException t = map("_TIMED_OUT", -185, false, false, true);
        assertSame(TimeoutException.class, t.getClass());
        assertEquals("librdkafka _TIMED_OUT: text", t.getMessage());
        assertSame(TimeoutException.class, map("COORDINATOR_NOT_AVAILABLE", 15, false, false, true).getClass());
        assertSame(TimeoutException.class, map("_MSG_TIMED_OUT", -192, false, false, false).getClass(), "a delivery report carries no classes");
    }

    @Test
    void unclassifiedErrorsAreDecodedAsForAPlainProducer() {
        assertSame(NotLeaderOrFollowerException.class, map("NOT_LEADER_FOR_PARTITION", 6, false, false, false).getClass());
        KafkaException state = map("_STATE", -172, false, false, false);
        assertSame(KafkaException.class, state.getClass());
        assertEquals("librdkafka _STATE: text", state.getMessage());
    }
}
