package io.kchaos.cluster.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RootQdiscTest {
    @Test
    void netemAtTheRootIsReadWithItsDelayAndJitter() {
        RootQdisc q = RootQdisc.parse("qdisc netem 8001: root refcnt 2 limit 100000 delay 200ms  50ms\n");
        assertTrue(q.netem() && q.delays(200, 50));
        assertFalse(q.delays(200, 0) || q.delays(300, 50) || q.undelayed());
        assertTrue(RootQdisc.parse("qdisc netem 8002: root refcnt 2 limit 1000 delay 1.5s\n").delays(1500, 0), "seconds, no jitter");
        assertTrue(RootQdisc.parse("qdisc netem 8003: root refcnt 2 limit 1000 delay 1.23s  1ms\n").delays(1234, 1),
                "tc prints 3 significant digits");
    }

    @Test
    void anotherRootQdiscOrNoneIsUndelayedAndAChildNetemDoesNotCount() {
        assertTrue(RootQdisc.parse("qdisc noqueue 0: root refcnt 2\n").undelayed());
        assertTrue(RootQdisc.parse("").undelayed());
        RootQdisc prio = RootQdisc.parse("qdisc prio 1: root refcnt 2 bands 3\nqdisc netem 10: parent 1:1 limit 1000 delay 100ms\n");
        assertEquals("prio", prio.kind());
        assertFalse(prio.delays(100, 0));
        RootQdisc unreadable = RootQdisc.unreadable("Cannot find device \"eth9\"");
        assertFalse(unreadable.undelayed() || unreadable.netem(), "what cannot be read is neither delayed nor healed");
    }
}
