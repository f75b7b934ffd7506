package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A workload's declared options: defaults from the declaration, one-line refusals, and no reading of an undeclared option. */
class WorkloadOptionSetTest {
    private static final WorkloadOption RATE = WorkloadOption.number("rate", 0.5, 0, 1, "a share");
    private static final WorkloadOption COUNT = WorkloadOption.whole("count", 4, 1, 10, "how many");
    private static final WorkloadOption MODE = WorkloadOption.word("mode", Set.of("a", "b"), null, "which, chosen at start");
    private static final WorkloadOptionSet SET = WorkloadOptionSet.of("w", RATE, COUNT, MODE);

    @Test
    void aValueNotGivenIsTheDeclaredDefault() {
        WorkloadOptions o = SET.read(Map.of());
        assertEquals(0.5, o.number(RATE));
        assertEquals(4, o.whole(COUNT));
        assertEquals(Optional.empty(), o.word(MODE));
        WorkloadOptions given = SET.read(Map.of("rate", " 1 ", "count", "10", "mode", "b"));
        assertEquals(1.0, given.number(RATE));
        assertEquals(10, given.whole(COUNT));
        assertEquals(Optional.of("b"), given.word(MODE));
    }

    @Test
    void anUnknownKeyOrABadValueIsOneLineNamingTheKeyAndWhatItAccepts() {
        assertEquals("unknown option 'cnt' for workload w; known: count, mode, rate", refusal("cnt", "2"));
        assertEquals("w option rate must be a number from 0.0 to 1.0, not '2'", refusal("rate", "2"));
        assertEquals("w option count must be a whole number from 1 to 10, not '1.5'", refusal("count", "1.5"));
        assertEquals("w option mode must be one of [a, b], not 'c'", refusal("mode", "c"));
    }

    @Test
    void readingAnOptionTheWorkloadDoesNotDeclareIsCaught() {
        WorkloadOption undeclared = WorkloadOption.whole("count", 4, 1, 100, "another declaration of the key");
        WorkloadOptions o = SET.read(Map.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> o.whole(undeclared));
        assertTrue(e.getMessage().contains("workload w reads option count, which it does not declare"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> o.number(COUNT), "a whole-number option read as a number");
    }

    @Test
    void theDefaultReadsAsAPersonWritesIt() {
        assertEquals("rate=0.5", RATE.withItsDefault());
        assertEquals("count=4", COUNT.withItsDefault());
        assertEquals("mode", MODE.withItsDefault());
        assertEquals("rate=0.25", RATE.withDefault(0.25).withItsDefault());
        assertThrows(IllegalArgumentException.class, () -> RATE.withDefault(8), "a default it would refuse");
        assertEquals("a whole number from 1 to 10", COUNT.type().accepted());
    }

    private static String refusal(String key, String value) {
        return assertThrows(IllegalArgumentException.class, () -> SET.check(Map.of(key, value))).getMessage();
    }
}
