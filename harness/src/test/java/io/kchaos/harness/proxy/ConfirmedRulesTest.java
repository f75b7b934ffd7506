package io.kchaos.harness.proxy;

import io.kchaos.history.Json;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.ProtocolRule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ConfirmedRules returns once the proxy lists a change, and says what it listed when it never does. */
class ConfirmedRulesTest {
    /** A proxy whose rule list shows a change only on the {@code lag}-th listing after it (never when negative). */
    private static final class LaggingProxy implements ControlLine {
        final List<String> lines = new ArrayList<>();
        private final int lag;
        private final Set<String> listed = new LinkedHashSet<>();
        private Set<String> installed = new LinkedHashSet<>();
        private int left;

        LaggingProxy(int lag) {
            this.lag = lag;
        }

        private static String idOf(String ruleJson) {
            try {
                return Json.MAPPER.readTree(ruleJson).get("id").asText();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public String command(String line) {
            lines.add(line.split(" ")[0]);
            if (line.startsWith("add ")) installed.add(idOf(line.substring(4)));
            else if (line.startsWith("remove ")) installed.remove(line.substring(7));
            else if (line.equals("clear")) installed = new LinkedHashSet<>();
            else if (line.equals("rules")) {
                if (lag >= 0 && left-- <= 0) {
                    listed.clear();
                    listed.addAll(installed);
                }
                return Json.MAPPER.valueToTree(listed).toString();
            }
            left = lag;
            return "";
        }
    }

    private static final ProtocolRule HOLD = ProtocolRule.of("r1", "hold", List.of("END_TXN"));
    private static final ProtocolRule DELAY = ProtocolRule.of("r2", "delay", List.of("PRODUCE"));

    @Test
    void eachChangeReturnsOnceTheProxyListsItAFewListingsLater() {
        LaggingProxy proxy = new LaggingProxy(2);
        ConfirmedRules rules = new ConfirmedRules(proxy, Duration.ofSeconds(5));
        rules.add(HOLD);
        assertEquals(List.of("add", "rules", "rules", "rules"), proxy.lines);
        rules.add(DELAY);
        assertEquals(List.of("r1", "r2"), rules.listed());
        rules.remove("r1");
        assertEquals(List.of("r2"), rules.listed());
        rules.clear();
        assertEquals(List.of(), rules.listed());
    }

    @Test
    void aRuleTheProxyNeverListsIsNotHeldAndSaysWhatItListed() {
        ConfirmedRules rules = new ConfirmedRules(new LaggingProxy(-1), Duration.ofMillis(200));
        FaultNotHeld added = assertThrows(FaultNotHeld.class, () -> rules.add(HOLD));
        assertEquals("kchaos proxy: rule r1 installed: not seen within 200 ms; last seen: rules []", added.getMessage());
        ConfirmedRules frozen = new ConfirmedRules(line -> line.equals("rules") ? "[\"r1\"]" : "", Duration.ofMillis(200));
        FaultNotHeld removed = assertThrows(FaultNotHeld.class, () -> frozen.remove("r1"));
        assertTrue(removed.getMessage().endsWith("last seen: rules [r1]"), removed.getMessage());
        assertThrows(FaultNotHeld.class, frozen::clear);
    }
}
