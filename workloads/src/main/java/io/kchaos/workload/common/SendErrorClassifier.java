package io.kchaos.workload.common;

import io.kchaos.history.OpType;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.CorruptRecordException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.InvalidRequiredAcksException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import java.util.List;

/**
 * Decides whether a failed send is {@code fail} (the record certainly never reached any broker's log) or
 * {@code info} (it may have), conservatively: whenever the error does not prove that no attempt appended the record,
 * the answer is {@code info}.
 *
 * <p>The rule follows how {@code KafkaProducer} (4.1) handles a record:
 * <ol>
 * <li><b>Raised inside {@code send()}</b> (thrown, or handed to the callback on the calling thread before
 * {@code send()} returns). {@code doSend} waits for metadata, serializes, checks the size and allocates buffer space
 * before {@code RecordAccumulator.append} stores the record; errors from those steps prove the record was never
 * queued, so nothing was ever sent: {@link SerializationException}, {@link TimeoutException} (metadata not available
 * within max.block.ms, or {@code BufferExhaustedException} — no buffer memory), {@link RecordTooLargeException}
 * (size check), {@link InvalidTopicException}, {@link AuthorizationException} and {@link AuthenticationException}
 * (from the metadata), {@link InterruptException} (interrupted while waiting for metadata or memory) → {@code fail}.
 * Anything else raised inside {@code send()} may come from after the append (the transaction manager's
 * {@code maybeAddPartition} throws {@code ProducerFencedException}, {@code IllegalStateException} or
 * {@code KafkaException} once the producer is in an error state, with the record already queued) → {@code info}.</li>
 * <li><b>Delivered later by the producer's I/O thread.</b> The batch was queued and possibly sent, perhaps several
 * times: with retries, the error reported is only the last attempt's, and an earlier attempt whose response was lost
 * (request timeout, disconnect, leader change) may have been appended. So with retries (the default, and always with
 * idempotence) every error here is {@code info} — timeouts, disconnects, {@code NotEnoughReplicasAfterAppend},
 * {@code OutOfOrderSequence}, everything. Only when the producer makes a single attempt ({@code retries=0}) do the
 * errors a broker returns after rejecting the batch before appending it prove it was not appended:
 * {@link NotEnoughReplicasException} (the ISR check precedes the append; not {@code NotEnoughReplicasAfterAppend},
 * which is not a subclass), {@link NotLeaderOrFollowerException}, {@link UnknownTopicOrPartitionException},
 * {@link RecordTooLargeException}, {@link RecordBatchTooLargeException}, {@link InvalidRecordException},
 * {@link CorruptRecordException}, {@link InvalidTopicException}, {@link InvalidRequiredAcksException} and
 * {@link AuthorizationException} → {@code fail}. (A batch split after MESSAGE_TOO_LARGE is resent without counting as
 * a retry, but only after a rejection, so the rule still holds.)</li>
 * </ol>
 */
public final class SendErrorClassifier {
    private static final List<Class<? extends Throwable>> RAISED_BEFORE_APPEND = List.of(
            SerializationException.class, TimeoutException.class, RecordTooLargeException.class,
            InvalidTopicException.class, AuthorizationException.class, AuthenticationException.class,
            InterruptException.class);

    private static final List<Class<? extends Throwable>> REJECTED_BEFORE_APPEND = List.of(
            NotEnoughReplicasException.class, NotLeaderOrFollowerException.class,
            UnknownTopicOrPartitionException.class, RecordTooLargeException.class,
            RecordBatchTooLargeException.class, InvalidRecordException.class, CorruptRecordException.class,
            InvalidTopicException.class, InvalidRequiredAcksException.class, AuthorizationException.class);

    private final boolean singleAttempt;

    /** @param singleAttempt true when the producer never retries ({@code retries=0}) */
    public SendErrorClassifier(boolean singleAttempt) {
        this.singleAttempt = singleAttempt;
    }

    /**
     * @param error         the send's error
     * @param raisedInSend  true when {@code send()} raised it on the calling thread before returning
     * @return {@link OpType#FAIL} or {@link OpType#INFO}
     */
    public OpType classify(Throwable error, boolean raisedInSend) {
        List<Class<? extends Throwable>> proofs = raisedInSend ? RAISED_BEFORE_APPEND
                : singleAttempt ? REJECTED_BEFORE_APPEND : List.of();
        for (Class<? extends Throwable> c : proofs) {
            if (c.isInstance(error)) return OpType.FAIL;
        }
        return OpType.INFO;
    }

    /** The history's error text: exception class simple name and message. */
    public static String describe(Throwable error) {
        String msg = error.getMessage();
        return msg == null ? error.getClass().getSimpleName() : error.getClass().getSimpleName() + ": " + msg;
    }
}
