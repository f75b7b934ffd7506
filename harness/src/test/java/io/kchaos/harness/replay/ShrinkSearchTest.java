package io.kchaos.harness.replay;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shrink's search on a fake runner (the search logic only): halves, then one fault less, tries until a failure, budget. */
class ShrinkSearchTest {
    /** Fails when {@code fails} holds for the candidate, on the {@code failOnTry}-th try of each candidate. */
    private static final class FakeRunner implements ShrinkSearch.Runner {
        final List<String> calls = new ArrayList<>();
        private final Predicate<Set<Integer>> fails;
        private final int failOnTry;

        FakeRunner(Predicate<Set<Integer>> fails, int failOnTry) {
            this.fails = fails;
            this.failOnTry = failOnTry;
        }

        @Override
        public ShrinkSearch.Outcome run(Set<Integer> faults, int step, int attempt) {
            calls.add(step + ":" + faults + "#" + attempt);
            boolean failed = fails.test(faults) && attempt >= failOnTry;
            return new ShrinkSearch.Outcome(failed, failed ? "INVALID" : "VALID", null);
        }
    }

    private static Set<Integer> set(Integer... faults) {
        return new TreeSet<>(List.of(faults));
    }

    @Test
    void theCulpritAmongFourIsFoundByHalvingThenHalvingAgain() throws Exception {
        FakeRunner runner = new FakeRunner(s -> s.contains(3), 1);
        ShrinkSearch.Result r = new ShrinkSearch(runner, 2, 20).search(set(1, 2, 3, 4));
        assertEquals(set(3), r.smallest());
        assertTrue(r.reduced());
        assertEquals(List.of("1:[1, 2]#1", "1:[1, 2]#2", "2:[3, 4]#1", "3:[3]#1"), runner.calls);
        assertEquals("0/2", r.steps().get(0).rate());
        assertEquals("1/1", r.steps().get(1).rate());
        assertTrue(r.steps().get(1).kept());
    }

    @Test
    void twoFaultsNeededTogetherAreFoundByRemovingOneAtATime() throws Exception {
        FakeRunner runner = new FakeRunner(s -> s.containsAll(set(1, 3)), 1);
        ShrinkSearch.Result r = new ShrinkSearch(runner, 1, 20).search(set(1, 2, 3));
        assertEquals(set(1, 3), r.smallest());
        assertEquals(List.of("1:[1, 2]#1", "2:[3]#1", "3:[2, 3]#1", "4:[1, 3]#1", "5:[1]#1", "6:[3]#1"), runner.calls,
                "halves, then without one fault; at two faults the halves are the single faults");
    }

    @Test
    void aFlakyCandidateTakesSeveralTriesAndItsRateSaysSo() throws Exception {
        FakeRunner runner = new FakeRunner(s -> s.equals(set(2)), 3);
        ShrinkSearch.Result r = new ShrinkSearch(runner, 3, 20).search(set(1, 2));
        assertEquals(set(2), r.smallest());
        ShrinkSearch.Step kept = r.steps().get(r.steps().size() - 1);
        assertEquals(3, kept.tries());
        assertEquals("1/3", kept.rate());
    }

    @Test
    void nothingSmallerFailingLeavesTheOriginalAndTheBudgetIsHonoured() throws Exception {
        ShrinkSearch.Result none = new ShrinkSearch(new FakeRunner(s -> false, 1), 2, 20).search(set(1, 2));
        assertEquals(set(1, 2), none.smallest());
        assertFalse(none.reduced());
        assertEquals(4, none.runs());
        ShrinkSearch.Result capped = new ShrinkSearch(new FakeRunner(s -> false, 1), 2, 3).search(set(1, 2, 3, 4));
        assertEquals(3, capped.runs());
        assertTrue(capped.budgetSpent());
    }

    @Test
    void candidatesAreHalvesThenOneFaultLess() {
        assertEquals(List.of(set(1, 2), set(3, 4), set(2, 3, 4), set(1, 3, 4), set(1, 2, 4), set(1, 2, 3)),
                ShrinkSearch.candidates(set(1, 2, 3, 4)));
        assertEquals(List.of(set(1), set(2)), ShrinkSearch.candidates(set(1, 2)));
    }
}
