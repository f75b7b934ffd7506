package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --workload queue,metadata}: one run, both workloads, both checkers over one history. */
class WorkloadMixTest {
    @Test
    void oneNameIsOneWorkloadAndDataCommaMetadataIsBoth() {
        assertEquals(new WorkloadMix(WorkloadKind.QUEUE, false), WorkloadMix.of("queue"));
        WorkloadMix mix = WorkloadMix.of("queue,metadata");
        assertEquals(new WorkloadMix(WorkloadKind.QUEUE, true), mix);
        assertEquals("queue,metadata", mix.name());
        assertEquals("queue,metadata", mix.create().name());
        assertEquals(new WorkloadMix(WorkloadKind.TXN, true), WorkloadMix.of("txn, metadata"));
    }

    @Test
    void otherCombinationsAreRefusedInOneLine() {
        for (String bad : List.of("queue,txn", "metadata,queue", "metadata,metadata", "queue,metadata,metadata", "queue,")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadMix.of(bad), bad);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(WorkloadMix.named("queue,nope").isEmpty());
    }

    @Test
    void theMixJudgesTheSendsAndTheAdminOpsOfOneHistory() {
        CheckResult valid = WorkloadMix.of("queue,metadata").historyChecker().check(History.of(history(true)));
        CheckResult lost = WorkloadMix.of("queue,metadata").historyChecker().check(History.of(history(false)));

        assertEquals(List.of(), valid.anomalyTypes(), () -> valid.toJson().toPrettyString());
        assertTrue(valid.valid() && valid.errors().isEmpty(), () -> valid.toJson().toPrettyString());
        assertEquals(1, valid.stats().path("send").path("ok").asLong());
        assertEquals(1, valid.stats().path("metadata").path("acknowledged").asLong());
        assertEquals(List.of("metadata-change-lost"), lost.anomalyTypes(), () -> lost.toJson().toPrettyString());
    }

    /** A send read back by the drain, and a created topic that the one broker read serves (or not). */
    private static List<Op> history(boolean served) {
        List<Op> ops = new ArrayList<>();
        ObjectNode send = Json.object().put("key", "k").put("value", 1);
        add(ops, 0, OpType.INVOKE, "send", send);
        add(ops, 0, OpType.OK, "send", send.deepCopy().put("partition", 0).put("offset", 0));
        int md = WorkloadMix.METADATA_FIRST_PROCESS;
        ObjectNode create = Json.object().put("topic", "t-md-0-0").put("partitions", 1).put("replication-factor", 1);
        add(ops, md, OpType.INVOKE, "create-topic", create);
        add(ops, md, OpType.OK, "create-topic", create);
        ObjectNode drain = Json.object();
        drain.putArray("records").addObject().put("partition", 0).put("offset", 0).put("key", "k").put("value", 1);
        drain.putObject("end-offsets").put("0", 1);
        add(ops, 1, OpType.INVOKE, "drain", null);
        add(ops, 1, OpType.OK, "drain", drain);
        ObjectNode read = Json.object().put("node", 1).put("target-offset", 10);
        add(ops, md + 1, OpType.INVOKE, "metadata-read", read);
        ObjectNode done = read.deepCopy().put("offset", 12);
        ObjectNode topics = done.putObject("topics");
        if (served) topics.putObject("t-md-0-0").put("id", "x").put("partitions", 1).putObject("configs");
        add(ops, md + 1, OpType.OK, "metadata-read", done);
        return ops;
    }

    private static void add(List<Op> ops, int process, OpType type, String f, ObjectNode value) {
        ops.add(new Op(ops.size(), ops.size() * 1_000_000L, process, type, f, value == null ? NullNode.getInstance() : value, null));
    }
}
