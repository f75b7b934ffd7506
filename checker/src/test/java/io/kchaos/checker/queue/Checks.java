package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions shared by the checker tests (queue, transactions, consumer groups). */
public final class Checks {
    private Checks() {
    }

    static CheckResult check(HistoryBuilder h) {
        return new QueueChecker().check(h.build());
    }

    /** Asserts the result has exactly these anomaly types, with count for the first one. */
    public static void assertOnly(CheckResult r, String type, long count) {
        assertEquals(List.of(type), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertEquals(count, r.count(type), () -> r.toJson().toPrettyString());
        assertTrue(!r.valid());
    }

    public static void assertValid(CheckResult r) {
        assertEquals(List.of(), r.anomalyTypes(), () -> r.toJson().toPrettyString());
        assertTrue(r.valid());
    }

    public static ObjectNode example(CheckResult r, String type, int i) {
        return r.anomalies().get(type).examples().get(i);
    }
}
