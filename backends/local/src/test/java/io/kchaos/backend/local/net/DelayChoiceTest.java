package io.kchaos.backend.local.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DelayChoiceTest {
    /** A root machine with ip, iptables, tc, a netem kernel and a working NFQUEUE probe. */
    private static CapturingRunner both() {
        return new CapturingRunner().answer("id -u", "0\n");
    }

    @Test
    void autoPrefersNetemWhereTheKernelHasIt() {
        NetworkSupport s = NetworkSupport.probe(both(), true, DelayChoice.AUTO);
        assertEquals("netem", s.delayName());
    }

    @Test
    void nfqueueIsForcedEvenWhereNetemExists() {
        CapturingRunner runner = both();
        NetworkSupport s = NetworkSupport.probe(runner, true, DelayChoice.NFQUEUE);
        assertTrue(s.delay());
        assertTrue(s.delayName().startsWith("NFQUEUE"), s.delayName());
        assertFalse(runner.lines.stream().anyMatch(l -> l.startsWith("unshare --net tc")), "netem not even probed: " + runner.lines);
    }

    @Test
    void netemForcedOnAKernelWithoutItLeavesNoDelayAndSaysWhy() {
        CapturingRunner runner = both().answer("unshare --net tc", 2, "", "Error: Specified qdisc kind is unknown.");
        NetworkSupport s = NetworkSupport.probe(runner, true, DelayChoice.NETEM);
        assertFalse(s.delay());
        assertNull(s.delays());
        assertTrue(s.noDelay().contains(DelayChoice.ENV + "=netem"), s.noDelay());
        assertTrue(s.namespaces(), "namespaces stay available");
    }

    @Test
    void parsesTheEnvironmentValueOrRefusesInOneLine() {
        assertEquals(DelayChoice.AUTO, DelayChoice.parse(null));
        assertEquals(DelayChoice.AUTO, DelayChoice.parse(" "));
        assertEquals(DelayChoice.NFQUEUE, DelayChoice.parse("nfqueue"));
        assertEquals(DelayChoice.NETEM, DelayChoice.parse("NetEm"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DelayChoice.parse("tbf"));
        assertEquals("KCHAOS_LINK_DELAY must be auto, netem or nfqueue, not 'tbf'", e.getMessage());
    }
}
