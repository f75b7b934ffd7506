package io.kchaos.workload.acl;

import io.kchaos.history.AclFields;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

import java.util.Optional;
import java.util.Set;

/**
 * A right the acl workload grants, revokes and probes: {@code WRITE} (a produce) or {@code READ} (a fetch) on the
 * workload's topic, and which of a probe's error codes mean that broker's authorizer allowed it. Kafka authorizes a
 * produce or a fetch before it looks for the partition's leader (KafkaApis), so NOT_LEADER_OR_FOLLOWER (and for a fetch
 * OFFSET_OUT_OF_RANGE) answers an allowed probe; TOPIC_AUTHORIZATION_FAILED a denied one.
 */
enum ProbedRight {
    WRITE(AclOperation.WRITE, Set.of(Errors.NONE, Errors.NOT_LEADER_OR_FOLLOWER)),
    READ(AclOperation.READ, Set.of(Errors.NONE, Errors.NOT_LEADER_OR_FOLLOWER, Errors.OFFSET_OUT_OF_RANGE));

    /** Every host: the bindings are not tied to where the probe connects from. */
    static final String ANY_HOST = "*";

    private final AclOperation operation;
    private final Set<Errors> allowedAnswers;

    ProbedRight(AclOperation operation, Set<Errors> allowedAnswers) {
        this.operation = operation;
        this.allowedAnswers = allowedAnswers;
    }

    /** The binding that grants this right to {@code principal} on {@code topic}: literal, any host, ALLOW. */
    AclBinding binding(String principal, String topic) {
        return new AclBinding(new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL),
                new AccessControlEntry(principal, ANY_HOST, operation, AclPermissionType.ALLOW));
    }

    /** The history's name of the right: Kafka's AclOperation name. */
    String operationName() {
        return operation.name();
    }

    /** {@code allowed} or {@code denied} for a probe answered with {@code error}; empty when it does not tell. */
    Optional<String> answer(Errors error) {
        if (error == Errors.TOPIC_AUTHORIZATION_FAILED) return Optional.of(AclFields.DENIED);
        if (allowedAnswers.contains(error)) return Optional.of(AclFields.ALLOWED);
        return Optional.empty();
    }
}
