package io.kchaos.workload.metadata;

import io.kchaos.history.OpType;
import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.NotControllerException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Only a validation error before any write is a definite fail; anything a retried or late change may explain is info. */
class AdminOutcomeTest {
    private static OpType of(Exception cause) {
        return AdminOutcome.of(new ExecutionException(cause));
    }

    @Test
    void validationErrorsAreFail() {
        assertEquals(OpType.FAIL, of(new InvalidReplicationFactorException("only 2 brokers registered")));
        assertEquals(OpType.FAIL, of(new PolicyViolationException("no")));
    }

    @Test
    void timeoutsLostConnectionsAndAnswersARetryMayGetAreInfo() {
        assertEquals(OpType.INFO, of(new TimeoutException("timed out")));
        assertEquals(OpType.INFO, AdminOutcome.of(new java.util.concurrent.TimeoutException()));
        assertEquals(OpType.INFO, of(new DisconnectException("gone")));
        assertEquals(OpType.INFO, of(new NotControllerException("moved")));
        assertEquals(OpType.INFO, of(new TopicExistsException("exists")));
        assertEquals(OpType.INFO, of(new UnknownTopicOrPartitionException("gone")));
        assertEquals(OpType.INFO, of(new InvalidPartitionsException("already 3")));
    }

    @Test
    void theErrorTextNamesTheCause() {
        assertEquals("TimeoutException: timed out", ErrorText.of(new ExecutionException(new TimeoutException("timed out"))));
    }
}
