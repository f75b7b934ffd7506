package io.kchaos.workload.acl;

import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.resource.PatternType;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Kafka authorizes before it looks for the leader: only TOPIC_AUTHORIZATION_FAILED is a denial; what does not tell is empty. */
class ProbedRightTest {
    @Test
    void answersFromErrorCodes() {
        for (ProbedRight r : ProbedRight.values()) {
            assertEquals(Optional.of("denied"), r.answer(Errors.TOPIC_AUTHORIZATION_FAILED));
            assertEquals(Optional.of("allowed"), r.answer(Errors.NONE));
            assertEquals(Optional.of("allowed"), r.answer(Errors.NOT_LEADER_OR_FOLLOWER));
            assertEquals(Optional.empty(), r.answer(Errors.UNKNOWN_TOPIC_OR_PARTITION));
            assertEquals(Optional.empty(), r.answer(Errors.REQUEST_TIMED_OUT));
            assertEquals(Optional.empty(), r.answer(Errors.SASL_AUTHENTICATION_FAILED));
        }
        assertEquals(Optional.of("allowed"), ProbedRight.READ.answer(Errors.OFFSET_OUT_OF_RANGE), "a fetch past the log is authorized first");
        assertEquals(Optional.empty(), ProbedRight.WRITE.answer(Errors.OFFSET_OUT_OF_RANGE));
    }

    @Test
    void theBindingIsALiteralAllowOnTheTopicForEveryHost() {
        AclBinding b = ProbedRight.READ.binding("User:p", "t");
        assertEquals(PatternType.LITERAL, b.pattern().patternType());
        assertEquals("t", b.pattern().name());
        assertEquals("*", b.entry().host());
        assertEquals(AclPermissionType.ALLOW, b.entry().permissionType());
        assertEquals("READ", ProbedRight.READ.operationName());
    }
}
