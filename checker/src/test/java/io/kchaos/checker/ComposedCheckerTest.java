package io.kchaos.checker;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import com.fasterxml.jackson.databind.node.NullNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Composed checkers share one read of the history and keep each checker's outcome. */
class ComposedCheckerTest {
    /** A history of {@code n} ops that counts how often it is read, and fails at op {@code failAt} (or never). */
    private static final class CountingHistory implements History {
        final AtomicInteger reads = new AtomicInteger();
        private final int n;
        private final int failAt;

        CountingHistory(int n, int failAt) {
            this.n = n;
            this.failAt = failAt;
        }

        @Override
        public void forEach(Consumer<Op> visitor) {
            reads.incrementAndGet();
            for (int i = 0; i < n; i++) {
                if (i == failAt) throw new HistoryFormatException("h line " + (i + 1) + ": bad");
                visitor.accept(new Op(i, i, 0, i % 2 == 0 ? OpType.INVOKE : OpType.OK, "send", NullNode.getInstance(), null));
            }
        }

        @Override
        public List<String> warnings() {
            return List.of("a warning");
        }
    }

    /** Counts the ops it sees, walking the history {@code walks} times; throws after counting when asked. */
    private record Counter(String name, int walks, boolean fails) implements Checker {
        @Override
        public CheckResult check(History history) {
            long[] seen = {0};
            for (int w = 0; w < walks; w++) history.forEach(op -> seen[0]++);
            if (fails) throw new IllegalStateException("boom");
            CheckResult r = new CheckResult();
            r.stats().put(name, seen[0]);
            return r;
        }
    }

    @Test
    void checkersShareOneReadAndEachSeesEveryOp() {
        CountingHistory h = new CountingHistory(10_000, -1);
        CheckResult r = new ComposedChecker(List.of(new Counter("a", 1, false), new Counter("b", 1, false))).check(h);
        assertEquals(1, h.reads.get(), "one read for both checkers");
        assertEquals(10_000, r.stats().path("a").asLong());
        assertEquals(10_000, r.stats().path("b").asLong());
        assertTrue(r.warnings().contains("a warning"));
    }

    @Test
    void aSecondWalkReadsAgainAndAFailingCheckerIsAnError() {
        CountingHistory h = new CountingHistory(5_000, -1);
        List<Checker> checkers = new ArrayList<>(List.of(new Counter("twice", 2, false), new Counter("bad", 1, true)));
        CheckResult r = new ComposedChecker(checkers).check(h);
        assertEquals(10_000, r.stats().path("twice").asLong());
        assertEquals(2, h.reads.get());
        assertTrue(r.errors().stream().anyMatch(e -> e.startsWith("bad checker failed")), r.errors().toString());
    }

    @Test
    void aMalformedHistoryIsRethrown() {
        CountingHistory h = new CountingHistory(50_000, 30_000);
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> new ComposedChecker(List.of(new Counter("a", 1, false), new Counter("b", 1, false))).check(h));
        assertEquals("h line 30001: bad", e.getMessage());
    }
}
