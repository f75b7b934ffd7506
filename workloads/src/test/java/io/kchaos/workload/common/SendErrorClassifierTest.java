package io.kchaos.workload.common;

import org.apache.kafka.clients.producer.BufferExhaustedException;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.CorruptRecordException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.KafkaStorageException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.NotEnoughReplicasAfterAppendException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownServerException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.kchaos.history.OpType.FAIL;
import static io.kchaos.history.OpType.INFO;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SendErrorClassifierTest {
    private final SendErrorClassifier retrying = new SendErrorClassifier(false);
    private final SendErrorClassifier singleAttempt = new SendErrorClassifier(true);

    /** Errors raised by KafkaProducer.doSend before RecordAccumulator.append: the record was never queued. */
    private static final List<Exception> RAISED_BEFORE_APPEND = List.of(
            new SerializationException("cannot serialize"),
            new TimeoutException("Topic t not present in metadata after 5000 ms."),
            new BufferExhaustedException("Failed to allocate memory within the configured max blocking time"),
            new RecordTooLargeException("The message is 2000000 bytes when serialized"),
            new InvalidTopicException("t"),
            new TopicAuthorizationException(Set.of("t")),
            new ClusterAuthorizationException("denied"),
            new AuthenticationException("bad credentials"),
            new InterruptException(new InterruptedException()));

    /** Errors that may be raised inside send() after the append (transaction manager in an error state), or unknown. */
    private static final List<Exception> RAISED_MAYBE_AFTER_APPEND = List.of(
            new ProducerFencedException("fenced"),
            new InvalidProducerEpochException("old epoch"),
            new IllegalStateException("Cannot execute transactional method"),
            new KafkaException("Cannot execute transactional method because we are in an error state"),
            new KafkaException("Producer closed while send in progress"),
            new NotEnoughReplicasException("not raised here, but must not count as proof"));

    /** Broker rejections before the append: proof only when there was a single attempt. */
    private static final List<Exception> REJECTED_BEFORE_APPEND = List.of(
            new NotEnoughReplicasException("Number of insync replicas 1 is below required minimum 2"),
            new NotLeaderOrFollowerException("not leader"),
            new UnknownTopicOrPartitionException("unknown"),
            new RecordTooLargeException("message too large"),
            new RecordBatchTooLargeException("batch too large"),
            new InvalidRecordException("invalid"),
            new CorruptRecordException("crc"),
            new InvalidTopicException("t"),
            new TopicAuthorizationException(Set.of("t")));

    /** Errors after which the record may be in the log whatever the attempt count. */
    private static final List<Exception> MAYBE_APPENDED = List.of(
            new TimeoutException("Expiring 3 record(s) for t-0: 10001 ms has passed since batch creation"),
            new NetworkException("disconnected"),
            new NotEnoughReplicasAfterAppendException("appended, then ISR shrank"),
            new OutOfOrderSequenceException("sequence"),
            new KafkaStorageException("disk"),
            new UnknownServerException("?"),
            new KafkaException("Producer is closed forcefully."));

    @Test
    void errorsRaisedInSendBeforeTheAppendAreFail() {
        for (Exception e : RAISED_BEFORE_APPEND) {
            assertEquals(FAIL, retrying.classify(e, true), e.toString());
            assertEquals(FAIL, singleAttempt.classify(e, true), e.toString());
        }
    }

    @Test
    void otherErrorsRaisedInSendAreInfo() {
        for (Exception e : RAISED_MAYBE_AFTER_APPEND) {
            assertEquals(INFO, retrying.classify(e, true), e.toString());
        }
    }

    @Test
    void everyCallbackErrorIsInfoWhenTheProducerRetries() {
        for (List<Exception> group : List.of(RAISED_BEFORE_APPEND, REJECTED_BEFORE_APPEND, MAYBE_APPENDED)) {
            for (Exception e : group) assertEquals(INFO, retrying.classify(e, false), e.toString());
        }
    }

    @Test
    void brokerRejectionsAreFailWithASingleAttempt() {
        for (Exception e : REJECTED_BEFORE_APPEND) assertEquals(FAIL, singleAttempt.classify(e, false), e.toString());
    }

    @Test
    void possiblyAppendedErrorsStayInfoWithASingleAttempt() {
        for (Exception e : MAYBE_APPENDED) assertEquals(INFO, singleAttempt.classify(e, false), e.toString());
    }

    @Test
    void notEnoughReplicasAfterAppendIsNeverFail() {
        Exception e = new NotEnoughReplicasAfterAppendException("x");
        for (boolean inSend : new boolean[]{true, false}) {
            assertEquals(INFO, singleAttempt.classify(e, inSend));
            assertEquals(INFO, retrying.classify(e, inSend));
        }
    }

    @Test
    void errorTextIsSimpleClassNameAndMessage() {
        assertEquals("TimeoutException: Topic t not present in metadata after 5000 ms.",
                SendErrorClassifier.describe(new TimeoutException("Topic t not present in metadata after 5000 ms.")));
        assertEquals("NullPointerException", SendErrorClassifier.describe(new NullPointerException()));
    }
}
