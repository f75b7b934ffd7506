package io.kchaos.workload.acl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ErrorText;
import io.kchaos.workload.common.ProcessIds;

import java.util.List;

/**
 * The one changer: grants and revokes the probe principal's rights one change at a time (the next invoked only once the
 * one before completed), taking the rights in turn and alternating each between grant and revoke, with a pause after
 * each change so that the probes see every state. Each {@code acl-change} records the quorum's high watermark read just
 * before the request ({@code hw-before}) and, once acknowledged, just after ({@code hw-after}). A right whose change
 * {@code fail}ed (definitely not made) is asked the same change on its next turn; after {@code info} the changer goes on
 * as a new process.
 */
final class AclChanger implements Runnable {
    private final AclAdmin admin;
    private final String principal;
    private final String topic;
    private final List<ProbedRight> rights;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final WorkloadStats stats;
    private final AclStats aclStats;
    private final long pauseMillis;
    private final boolean[] granted;
    private volatile boolean stopping;
    private volatile long lastHwAfter = -1;
    private int process;
    private int turn;

    AclChanger(AclAdmin admin, String principal, String topic, List<ProbedRight> rights, HistoryWriter history, ProcessIds ids,
               WorkloadStats stats, AclStats aclStats, long pauseMillis) {
        this.admin = admin;
        this.principal = principal;
        this.topic = topic;
        this.rights = List.copyOf(rights);
        this.history = history;
        this.ids = ids;
        this.stats = stats;
        this.aclStats = aclStats;
        this.pauseMillis = pauseMillis;
        this.granted = new boolean[rights.size()];
        this.process = ids.next();
    }

    void stop() {
        stopping = true;
    }

    /** The {@code hw-after} of the last acknowledged change; -1 before one, or when it could not be read. */
    long lastHwAfter() {
        return lastHwAfter;
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                change();
                if (!stopping && pauseMillis > 0) Thread.sleep(pauseMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The next change: the next right in turn, granted when it is revoked and revoked when granted. */
    OpType change() throws InterruptedException {
        int r = turn++ % rights.size();
        ProbedRight right = rights.get(r);
        boolean grant = !granted[r];
        long hwBefore = admin.highWatermark();
        ObjectNode v = Json.object().put(AclFields.CHANGE, grant ? AclFields.GRANT : AclFields.REVOKE).put(AclFields.PRINCIPAL, principal)
                .put(AclFields.OPERATION, right.operationName()).put(AclFields.TOPIC, topic).put(AclFields.HW_BEFORE, hwBefore);
        history.invoke(process, ClientOps.ACL_CHANGE, v);
        OpType type;
        String error = null;
        ObjectNode done = v;
        try {
            if (grant) admin.grant(right.binding(principal, topic));
            else admin.revoke(right.binding(principal, topic));
            type = OpType.OK;
        } catch (InterruptedException e) {
            history.complete(process, OpType.INFO, ClientOps.ACL_CHANGE, v, "interrupted");
            throw e;
        } catch (Exception e) {
            type = ChangeOutcome.of(e);
            error = ErrorText.of(e);
        }
        if (type == OpType.OK) {
            long hwAfter = -1;
            try {
                hwAfter = admin.highWatermark();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // completed first; the loop's next sleep ends it
            }
            lastHwAfter = hwAfter;
            done = v.deepCopy().put(AclFields.HW_AFTER, hwAfter);
        }
        history.complete(process, type, ClientOps.ACL_CHANGE, done, error);
        if (type != OpType.FAIL) granted[r] = grant;
        switch (type) {
            case OK -> {
                stats.ok.increment();
                (grant ? aclStats.grants : aclStats.revokes).increment();
            }
            case FAIL -> stats.fail.increment();
            default -> {
                stats.info.increment();
                process = ids.next();
            }
        }
        return type;
    }
}
