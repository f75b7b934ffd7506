package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A history that gives nothing to judge is unknown with its reason, never an empty VALID; anomalies still win. */
class NothingJudgedTest {
    private static CheckResult check(History h) {
        return new QueueChecker().check(h);
    }

    @Test
    void anEmptyHistoryIsUnknown() {
        CheckResult r = check(History.of(List.of()));
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("nothing to judge: the history holds no client op", r.reason());
    }

    @Test
    void aHistoryOfNemesisOpsOnlyIsUnknown() {
        CheckResult r = check(new HistoryBuilder().nemesis("kill").build());
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("nothing to judge: the history holds no client op (only 2 nemesis ops)", r.reason());
    }

    @Test
    void aHistoryWithoutWritesIsUnknown() {
        CheckResult r = check(new HistoryBuilder().poll(1).build());
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("nothing to judge: the history holds no write (no send or txn invoked)", r.reason());
    }

    @Test
    void noAcknowledgedWriteIsUnknownNamingTheErrors() {
        CheckResult r = check(new HistoryBuilder().sendFail(0, 1).sendInfo(0, 2).build());
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("0 of 2 sends acknowledged: every send refused with Timeout", r.reason());
    }

    @Test
    void sendsAllRefusedWithNotEnoughReplicasSayTheConfigurationCannotAcceptWrites() {
        java.util.ArrayList<Op> ops = new java.util.ArrayList<>();
        for (int i = 0; i < 4103; i++) {
            JsonNode v = Json.object().put("key", "k").put("value", i);
            ops.add(new Op(2L * i, i, i, OpType.INVOKE, "send", v, null));
            ops.add(new Op(2L * i + 1, i, i, i % 2 == 0 ? OpType.FAIL : OpType.INFO, "send", v,
                    "org.apache.kafka.common.errors.NotEnoughReplicasException: Messages are rejected since there are fewer in-sync replicas than required."));
        }
        CheckResult r = check(History.of(ops));
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("0 of 4,103 sends acknowledged: every send refused with NotEnoughReplicas — the configuration cannot accept writes", r.reason());
        assertEquals("unknown", r.toJson().path("valid").asText());
        assertEquals(r.reason(), r.toJson().path("reason").asText());
    }

    @Test
    void anomaliesBeatUnknown() {
        CheckResult r = check(new HistoryBuilder().sendFail(0, 7).drain(1, Map.of(0, 1L), rec(0, 0, 7)).build());
        assertEquals(Verdict.INVALID, r.verdict());
        assertFalse(r.toJson().path("valid").asBoolean(true));
    }

    @Test
    void oneAcknowledgedWriteIsEnoughToJudge() {
        CheckResult r = check(new HistoryBuilder().send(0, 1, 0, 0).drain(1, Map.of(0, 1L), rec(0, 0, 1)).build());
        assertEquals(Verdict.VALID, r.verdict());
        assertEquals(true, r.toJson().path("valid").asBoolean(false));
    }
}
