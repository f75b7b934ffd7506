package io.kchaos.workload.acl;

import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The changer takes the rights in turn, alternates each between grant and revoke, and records both high watermarks. */
class AclChangerTest {
    @TempDir
    Path dir;

    /** An admin whose watermark counts up and whose changes throw what the test queued (nothing: acknowledged). */
    private static final class FakeAdmin implements AclAdmin {
        final List<String> calls = new ArrayList<>();
        final Deque<Exception> errors = new ArrayDeque<>();
        long hw = 10;

        @Override
        public long highWatermark() {
            return hw++;
        }

        @Override
        public void grant(AclBinding binding) throws Exception {
            call("grant", binding);
        }

        @Override
        public void revoke(AclBinding binding) throws Exception {
            call("revoke", binding);
        }

        private void call(String what, AclBinding b) throws Exception {
            calls.add(what + " " + b.entry().operation() + " " + b.pattern().name() + " " + b.entry().principal());
            Exception e = errors.poll();
            if (e != null) throw e;
        }
    }

    private static AclChanger changer(FakeAdmin admin, RecordedHistory h, WorkloadStats stats, AclStats acl) {
        return new AclChanger(admin, ProbeUser.PRINCIPAL, "t", List.of(ProbedRight.values()), h.writer, new ProcessIds(), stats, acl, 0);
    }

    @Test
    void theRightsTakeTurnsAndEachAlternatesGrantAndRevoke() throws Exception {
        FakeAdmin admin = new FakeAdmin();
        AclStats acl = new AclStats();
        try (RecordedHistory h = new RecordedHistory(dir)) {
            AclChanger c = changer(admin, h, new WorkloadStats(), acl);
            for (int i = 0; i < 5; i++) assertEquals(OpType.OK, c.change());
            assertEquals(List.of("grant WRITE t User:kchaos-acl-probe", "grant READ t User:kchaos-acl-probe",
                    "revoke WRITE t User:kchaos-acl-probe", "revoke READ t User:kchaos-acl-probe", "grant WRITE t User:kchaos-acl-probe"), admin.calls);
            assertEquals(3, acl.grants.sum());
            assertEquals(2, acl.revokes.sum());
            assertEquals(19, c.lastHwAfter());
        }
    }

    @Test
    void anAcknowledgedChangeRecordsBothWatermarks() throws Exception {
        FakeAdmin admin = new FakeAdmin();
        try (RecordedHistory h = new RecordedHistory(dir)) {
            changer(admin, h, new WorkloadStats(), new AclStats()).change();
            List<Op> ops = h.ops();
            assertEquals(2, ops.size());
            assertEquals("{\"change\":\"grant\",\"principal\":\"User:kchaos-acl-probe\",\"operation\":\"WRITE\",\"topic\":\"t\",\"hw-before\":10}",
                    ops.get(0).value().toString());
            assertEquals(ClientOps.ACL_CHANGE, ops.get(1).f());
            assertEquals(OpType.OK, ops.get(1).type());
            assertEquals(11, ops.get(1).value().get(AclFields.HW_AFTER).asLong());
            assertNull(ops.get(1).error());
        }
    }

    @Test
    void aDefiniteRefusalIsFailAndTheSameChangeComesAgain() throws Exception {
        FakeAdmin admin = new FakeAdmin();
        admin.errors.add(new ExecutionException(new SecurityDisabledException("no authorizer")));
        try (RecordedHistory h = new RecordedHistory(dir)) {
            AclChanger c = changer(admin, h, new WorkloadStats(), new AclStats());
            assertEquals(OpType.FAIL, c.change());
            c.change();
            c.change();
            assertEquals(List.of("grant WRITE", "grant READ", "grant WRITE"), admin.calls.stream().map(s -> s.substring(0, s.indexOf(" t "))).toList());
            Op failed = h.ops(ClientOps.ACL_CHANGE, OpType.FAIL).get(0);
            assertEquals("SecurityDisabledException: no authorizer", failed.error());
            assertFalse(failed.value().has(AclFields.HW_AFTER));
        }
    }

    @Test
    void anUnknownOutcomeIsInfoTheStateCountsAsChangedAndANewProcessGoesOn() throws Exception {
        FakeAdmin admin = new FakeAdmin();
        admin.errors.add(new ExecutionException(new TimeoutException("timed out")));
        try (RecordedHistory h = new RecordedHistory(dir)) {
            AclChanger c = changer(admin, h, new WorkloadStats(), new AclStats());
            assertEquals(OpType.INFO, c.change());
            c.change();
            c.change();
            assertEquals("revoke WRITE", admin.calls.get(2).substring(0, 12));
            List<Op> ops = h.ops();
            assertEquals("TimeoutException: timed out", ops.get(1).error());
            assertEquals(ops.get(0).process() + 1, ops.get(2).process());
        }
    }
}
