package io.kchaos.backend.local.net;

import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueDelayTest {
    private static final String NS = "ip netns exec kchaos-9a-n2 ";
    private static final String RULE = "iptables -w 5 %s OUTPUT -o eth0 -m comment --comment kchaos-9a -j NFQUEUE --queue-num 0 --queue-bypass";

    private static final long HELPER_PID = 4711;
    private static final String QUEUES = NS + "cat " + NamespaceState.QUEUE_TABLE;
    /** The kernel's queue table with queue 0 bound by the helper (queue, port id, waiting, copy mode, range, drops...). */
    private static final String BOUND_BY_HELPER = "    0   4711     0 2 65531     0     0        0  1\n";

    private final CapturingRunner runner = new CapturingRunner().answer(QUEUES, BOUND_BY_HELPER);
    private final List<String> events = new ArrayList<>();
    private boolean helperExitsAtOnce;
    private boolean helperIgnoresStop;
    private final HelperProcesses helpers = (command, timeout) -> {
        events.add("start " + String.join(" ", command.subList(0, 6)) + " ... " + String.join(" ", command.subList(command.size() - 2, command.size())));
        return new FakeHelper(!helperExitsAtOnce);
    };
    private final QueueDelay delay = new QueueDelay(runner, helpers, "/usr/bin/python3", "kchaos-9a", Duration.ofMillis(200));

    /** A helper process that runs until stopped, unless told otherwise. */
    private final class FakeHelper implements HelperProcesses.Handle {
        private boolean alive;

        FakeHelper(boolean alive) {
            this.alive = alive;
        }

        @Override
        public void stop() {
            events.add("stop");
            alive &= helperIgnoresStop;
        }

        @Override
        public long pid() {
            return HELPER_PID;
        }

        @Override
        public boolean alive() {
            return alive;
        }
    }

    @Test
    void startsTheHelperBeforeQueueingPacketsAndDeletesTheRuleBeforeStoppingIt() {
        delay.apply("kchaos-9a-n2", "eth0", 200, 50);
        assertEquals(List.of("start ip netns exec kchaos-9a-n2 /usr/bin/python3 -c ... 200 50"), events);
        assertEquals(List.of(NS + String.format(RULE, "-A")), runner.drain());

        delay.remove("kchaos-9a-n2", "eth0");
        assertEquals(List.of(NS + String.format(RULE, "-D")), runner.drain());
        assertEquals("stop", events.get(events.size() - 1));
        delay.remove("kchaos-9a-n2", "eth0");
        assertEquals(List.of(), runner.drain(), "removing twice does nothing");
    }

    @Test
    void applyingAgainReplacesTheDelayAndCloseRemovesEverything() {
        delay.apply("kchaos-9a-n2", "eth0", 100, 0);
        delay.apply("kchaos-9a-n2", "eth0", 300, 10);
        delay.close();
        assertEquals(List.of(NS + String.format(RULE, "-A"), NS + String.format(RULE, "-D"), NS + String.format(RULE, "-A"),
                NS + String.format(RULE, "-D")), runner.drain());
        assertEquals(4, events.size());
        assertTrue(events.get(2).endsWith("300 10"));
    }

    @Test
    void aRuleThatCannotBeAddedStopsTheHelper() {
        runner.answer(NS + "iptables", 2, "", "iptables v1.8.9: Couldn't load target `NFQUEUE'");
        assertThrows(RuntimeException.class, () -> delay.apply("kchaos-9a-n2", "eth0", 100, 0));
        assertEquals("stop", events.get(events.size() - 1));
    }

    @Test
    void theDelayHoldsOnceTheRuleIsListedAndTheKernelShowsTheRunningHelperBindingQueueZero() {
        delay.apply("kchaos-9a-n2", "eth0", 200, 50);
        assertEquals(List.of(NS + "iptables -w 5 -S", QUEUES), runner.reads);
        runner.reads.clear();
        delay.remove("kchaos-9a-n2", "eth0");
        assertEquals(List.of(NS + "iptables -w 5 -S"), runner.reads, "removed: the rule no longer listed, the helper exited");
    }

    @Test
    void aHelperThatExitedIsNoDelay() {
        helperExitsAtOnce = true;
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> delay.apply("kchaos-9a-n2", "eth0", 200, 50));
        assertTrue(e.getMessage().contains("queue 0 bound by helper pid 4711") && e.getMessage().contains("helper exited"), e.getMessage());
        delay.close();
        assertEquals(NS + String.format(RULE, "-D"), runner.lines.get(runner.lines.size() - 1), "what was set is still removed");
    }

    @Test
    void aQueueBoundByAnotherProcessIsNotTheHelpersDelay() {
        CapturingRunner other = new CapturingRunner().answer(QUEUES, "    0   9999     0 2 65531     0     0        0  1\n");
        QueueDelay d = new QueueDelay(other, helpers, "/usr/bin/python3", "kchaos-9a", Duration.ofMillis(200));
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> d.apply("kchaos-9a-n2", "eth0", 200, 50));
        assertTrue(e.getMessage().contains("helper running, queues bound (queue=port): {0=9999}"), e.getMessage());
    }

    @Test
    void aRuleNeverListedIsNoDelay() {
        runner.answer(NS + "iptables -w 5 -S", "-P OUTPUT ACCEPT\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> delay.apply("kchaos-9a-n2", "eth0", 200, 50));
        assertTrue(e.getMessage().contains("missing in kchaos-9a-n2: -A OUTPUT -o eth0 -m comment --comment kchaos-9a -j NFQUEUE --queue-num 0 --queue-bypass"),
                e.getMessage());
    }

    @Test
    void aHelperThatOutlivesItsStopIsReported() {
        helperIgnoresStop = true;
        delay.apply("kchaos-9a-n2", "eth0", 200, 50);
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> delay.remove("kchaos-9a-n2", "eth0"));
        assertTrue(e.getMessage().contains("helper pid 4711 of kchaos-9a-n2 exited") && e.getMessage().contains("still running"), e.getMessage());
    }

    @Test
    void theHelperScriptShipsWithTheHarness() {
        String s = QueueDelay.script();
        assertTrue(s.contains("NETLINK_NETFILTER") && s.contains("--probe"), "delay_queue.py is on the classpath, unfiltered");
    }
}
