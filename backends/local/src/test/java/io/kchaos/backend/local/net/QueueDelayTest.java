package io.kchaos.backend.local.net;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueueDelayTest {
    private static final String NS = "ip netns exec kchaos-9a-n2 ";
    private static final String RULE = "iptables -w 5 %s OUTPUT -o eth0 -m comment --comment kchaos-9a -j NFQUEUE --queue-num 0 --queue-bypass";

    private final CapturingRunner runner = new CapturingRunner();
    private final List<String> events = new ArrayList<>();
    private final HelperProcesses helpers = (command, timeout) -> {
        events.add("start " + String.join(" ", command.subList(0, 6)) + " ... " + String.join(" ", command.subList(command.size() - 2, command.size())));
        return () -> events.add("stop");
    };
    private final QueueDelay delay = new QueueDelay(runner, helpers, "/usr/bin/python3", "kchaos-9a");

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
    void theHelperScriptShipsWithTheHarness() {
        String s = QueueDelay.script();
        assertTrue(s.contains("NETLINK_NETFILTER") && s.contains("--probe"), "delay_queue.py is on the classpath, unfiltered");
    }
}
