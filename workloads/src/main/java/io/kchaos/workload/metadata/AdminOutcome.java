package io.kchaos.workload.metadata;

import io.kchaos.history.OpType;
import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.PolicyViolationException;


/**
 * How an admin request's error completes its op: {@code fail} only for a validation error the controller returns
 * before it writes anything (a replication factor no registered broker set can meet, a refused config or policy, a
 * malformed request or topic name); {@code info} for everything else. A timeout, a lost connection or NOT_CONTROLLER
 * may come after the controller appended the change, and a broker re-forwards a request to a new controller, so
 * even TopicExists, UnknownTopicOrPartition or InvalidPartitions may answer a retry of a change that happened.
 */
final class AdminOutcome {
    private AdminOutcome() {
    }

    /** The completion type of an op whose request threw {@code e}. */
    static OpType of(Throwable e) {
        Throwable cause = ErrorText.cause(e);
        boolean rejected = cause instanceof InvalidReplicationFactorException
                || cause instanceof PolicyViolationException
                || cause instanceof InvalidConfigurationException
                || cause instanceof InvalidRequestException
                || cause instanceof InvalidTopicException;
        return rejected ? OpType.FAIL : OpType.INFO;
    }
}
