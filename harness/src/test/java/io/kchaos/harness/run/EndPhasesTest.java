package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EndPhasesTest {
    @Test
    void eachStepLastsUntilTheNextBeginsAndAStepBegunTwiceAddsUp() {
        AtomicLong now = new AtomicLong();
        EndPhases p = new EndPhases(now::get);
        p.begin(RunFields.EndPhase.HEAL);
        now.addAndGet(1_500_000_000L);
        p.begin(RunFields.EndPhase.DRAIN);
        now.addAndGet(250_000_000L);
        p.begin(RunFields.EndPhase.HEAL);
        now.addAndGet(500_000_000L);
        p.end();
        now.addAndGet(9_000_000_000L); // nothing under way: not counted
        p.end();
        assertEquals(Map.of(RunFields.EndPhase.HEAL, 2.0, RunFields.EndPhase.DRAIN, 0.25), p.seconds());
        assertEquals(java.util.List.of(RunFields.EndPhase.HEAL, RunFields.EndPhase.DRAIN), java.util.List.copyOf(p.seconds().keySet()), "in the order first begun");
    }
}
