package io.kchaos.workload.acl;

import io.kchaos.history.OpType;
import io.kchaos.workload.common.ErrorText;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * How an ACL change's error completes its op: {@code fail} only for a refusal the controller answers before it writes
 * anything (no authorizer, a malformed binding, the admin principal not allowed to alter, a version it does not serve);
 * {@code info} for everything else: a timeout, a lost connection or NOT_CONTROLLER may come after the change was appended.
 */
final class ChangeOutcome {
    private ChangeOutcome() {
    }

    /** The completion type of a change whose request threw {@code e}. */
    static OpType of(Throwable e) {
        Throwable cause = ErrorText.cause(e);
        boolean refused = cause instanceof SecurityDisabledException
                || cause instanceof InvalidRequestException
                || cause instanceof ClusterAuthorizationException
                || cause instanceof UnsupportedVersionException;
        return refused ? OpType.FAIL : OpType.INFO;
    }
}
