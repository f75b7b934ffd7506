package io.kchaos.checker.acl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.MemberHistoryBuilder;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;

/**
 * Builds small acl-workload histories for tests: changes of one principal's WRITE (or READ) right on one topic, one
 * after another, and probes of brokers; the clock is set with {@link #at} and each line is 1 µs after the previous one.
 */
final class AclHistory extends MemberHistoryBuilder<AclHistory> {
    static final String PRINCIPAL = "User:kchaos-acl-probe";
    static final String TOPIC = "kchaos-acl";
    static final String WRITE = "WRITE";
    private static final int PROBER = 10;
    private int changer = 1;
    private long now;

    AclHistory() {
        super("TimeoutException: test");
    }

    @Override
    protected long nextTime(int index) {
        long t = now;
        now += 1_000;
        return t;
    }

    /** Sets the clock: the next line is at {@code seconds} since the run started. */
    AclHistory at(double seconds) {
        now = Math.max(now, Math.round(seconds * 1e9));
        return this;
    }

    AclHistory grant(OpType type, long hwBefore, long hwAfter) {
        return change(AclFields.GRANT, WRITE, type, hwBefore, hwAfter);
    }

    AclHistory revoke(OpType type, long hwBefore, long hwAfter) {
        return change(AclFields.REVOKE, WRITE, type, hwBefore, hwAfter);
    }

    /** A change (invoke then completion); hw-after is recorded on an ok completion only. */
    AclHistory change(String change, String operation, OpType type, long hwBefore, long hwAfter) {
        ObjectNode v = Json.object().put(AclFields.CHANGE, change).put(AclFields.PRINCIPAL, PRINCIPAL)
                .put(AclFields.OPERATION, operation).put(AclFields.TOPIC, TOPIC).put(AclFields.HW_BEFORE, hwBefore);
        line(changer, OpType.INVOKE, ClientOps.ACL_CHANGE, v);
        line(changer, type, ClientOps.ACL_CHANGE, type == OpType.OK ? v.deepCopy().put(AclFields.HW_AFTER, hwAfter) : v);
        if (type == OpType.INFO) changer++;
        return this;
    }

    /** A probe of {@code node}'s WRITE answered {@code allowed} or not, between published offsets before and after. */
    AclHistory probe(int node, long before, long after, boolean allowed) {
        return probe(node, WRITE, before, after, allowed);
    }

    AclHistory probe(int node, String operation, long before, long after, boolean allowed) {
        ObjectNode v = probed(node, operation);
        line(PROBER + node, OpType.INVOKE, ClientOps.ACL_PROBE, v);
        return line(PROBER + node, OpType.OK, ClientOps.ACL_PROBE, v.deepCopy().put(AclFields.OFFSET_BEFORE, before)
                .put(AclFields.OFFSET_AFTER, after).put(AclFields.ANSWER, allowed ? AclFields.ALLOWED : AclFields.DENIED));
    }

    /** A probe of {@code node} with no definite answer. */
    AclHistory probeInfo(int node) {
        ObjectNode v = probed(node, WRITE);
        line(PROBER + node, OpType.INVOKE, ClientOps.ACL_PROBE, v);
        return line(PROBER + node, OpType.INFO, ClientOps.ACL_PROBE, v);
    }

    private static ObjectNode probed(int node, String operation) {
        return Json.object().put(AclFields.NODE, node).put(AclFields.OPERATION, operation).put(AclFields.TOPIC, TOPIC);
    }

    CheckResult check() {
        return new AclChecker().check(build());
    }
}
