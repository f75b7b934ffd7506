package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The early-stop rule for a configuration that cannot accept writes, on the ops a run writes. */
class CannotWriteWatchTest {
    private static final String NER = "NotEnoughReplicasException: Messages are rejected since there are fewer in-sync replicas than required.";
    private long index;

    private void send(CannotWriteWatch watch, int process, OpType outcome, String error) {
        JsonNode v = Json.object().put("key", "k").put("value", index);
        watch.accept(new Op(index++, index, process, OpType.INVOKE, "send", v, null));
        JsonNode done = outcome == OpType.OK ? Json.object().put("key", "k").put("value", index).put("partition", 0).put("offset", index) : v;
        watch.accept(new Op(index++, index, process, outcome, "send", done, error));
    }

    @Test
    void fiftyNotEnoughReplicasRefusalsWithoutAnAckStopTheRun() {
        RunStop stop = new RunStop();
        CannotWriteWatch watch = new CannotWriteWatch(stop);
        for (int i = 0; i < CannotWriteWatch.FIRST_REFUSALS - 1; i++) send(watch, i, i % 2 == 0 ? OpType.FAIL : OpType.INFO, NER);
        assertFalse(stop.isStopped(), "49 refusals are not yet proof");
        send(watch, 99, OpType.FAIL, NER);
        assertEquals(RunStop.Cause.CANNOT_WRITE, stop.cause());
        assertEquals("0 of 50 sends acknowledged: every send refused with NotEnoughReplicas — the configuration cannot accept writes", stop.reason());
    }

    @Test
    void timeoutsOnlyMakeTheRunSuspectForTheClusterToConfirm() {
        RunStop stop = new RunStop();
        CannotWriteWatch watch = new CannotWriteWatch(stop);
        for (int i = 0; i < CannotWriteWatch.FIRST_REFUSALS; i++) send(watch, i, OpType.INFO, "TimeoutException: Expiring 1 record(s)");
        assertFalse(stop.isStopped());
        assertTrue(watch.suspect());
    }

    @Test
    void oneAcknowledgedWriteClearsTheSuspicionForGood() {
        RunStop stop = new RunStop();
        CannotWriteWatch watch = new CannotWriteWatch(stop);
        send(watch, 0, OpType.OK, null);
        for (int i = 1; i <= 2 * CannotWriteWatch.FIRST_REFUSALS; i++) send(watch, i, OpType.FAIL, NER);
        assertNull(stop.cause(), "a cluster that acknowledged a write can accept writes");
        assertFalse(watch.suspect());
    }
}
