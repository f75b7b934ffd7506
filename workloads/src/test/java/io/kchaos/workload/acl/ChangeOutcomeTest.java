package io.kchaos.workload.acl;

import io.kchaos.history.OpType;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.NotControllerException;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Only a refusal before any write is a definite fail; a change that may have been appended is info. */
class ChangeOutcomeTest {
    @Test
    void refusalsAreFailTheRestInfo() {
        assertEquals(OpType.FAIL, ChangeOutcome.of(new ExecutionException(new SecurityDisabledException("no authorizer"))));
        assertEquals(OpType.FAIL, ChangeOutcome.of(new ExecutionException(new InvalidRequestException("bad"))));
        assertEquals(OpType.INFO, ChangeOutcome.of(new ExecutionException(new TimeoutException("t"))));
        assertEquals(OpType.INFO, ChangeOutcome.of(new ExecutionException(new NotControllerException("n"))));
        assertEquals(OpType.INFO, ChangeOutcome.of(new DisconnectException("d")));
    }
}
