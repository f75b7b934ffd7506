package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one network recipe, on fake nodes: the rules each fault sets where, what healing removes, and the delay it drives. */
class FirewallNetworkTest {
    private static final String TAG = " -m comment --comment kchaos-t -j DROP";
    private static final Duration SHORT = Duration.ofMillis(300);

    private final Map<Integer, FakeShell> shells = new TreeMap<>();
    private final List<String> delays = new ArrayList<>();
    private final FirewallNetwork net = new FirewallNetwork(new Sites(), new RecordedDelay(), SHORT);

    FirewallNetworkTest() {
        for (int n = 1; n <= 3; n++) shells.put(n, new FakeShell("node " + n));
    }

    /** Three nodes at 10.0.0.1n; clients at 10.0.0.1, cut on port 9092 only; loss on what leaves eth0; rules inserted first. */
    private final class Sites implements FirewallSites {
        @Override
        public List<Integer> nodes() {
            return List.copyOf(shells.keySet());
        }

        @Override
        public NodeShell shell(int node) {
            return shells.get(node);
        }

        @Override
        public String peerAddress(int node) {
            return "10.0.0.1" + node;
        }

        @Override
        public ClientLink clientLink(int node) {
            return new ClientLink("10.0.0.1", List.of("-p", "tcp", "--dport", "9092"), List.of("-p", "tcp", "--sport", "9092"));
        }

        @Override
        public List<String> lossMatch(int node) {
            return List.of("-o", "eth0");
        }

        @Override
        public String comment() {
            return "kchaos-t";
        }

        @Override
        public boolean insertFirst() {
            return true;
        }
    }

    /** Records each delay applied and removed, and its closing. */
    private final class RecordedDelay implements NodeDelay {
        @Override
        public void apply(int node, int delayMs, int jitterMs) {
            delays.add("delay " + node + " " + delayMs + "±" + jitterMs);
        }

        @Override
        public void remove(int node) {
            delays.add("undelay " + node);
        }

        @Override
        public void close() {
            delays.add("closed");
        }
    }

    /** One node's iptables: records the commands that change it and lists back the rules they left; can refuse or forget adds. */
    private static final class FakeShell implements NodeShell {
        final List<String> commands = new ArrayList<>();
        final List<String> rules = new ArrayList<>();
        final String label;
        boolean refuseAdds;
        boolean forgets;

        FakeShell(String label) {
            this.label = label;
        }

        @Override
        public CommandResult run(List<String> command) {
            String line = String.join(" ", command);
            if (command.equals(IptablesRule.LIST)) return new CommandResult(0, String.join("\n", rules), "");
            commands.add(line);
            List<String> w = command.subList(3, command.size());
            String op = w.get(0);
            List<String> rest = new ArrayList<>(w.subList(2, w.size()));
            if (op.equals("-I")) rest.remove(0);
            String spec = "-A " + w.get(1) + " " + String.join(" ", rest);
            if (op.equals("-D")) return rules.remove(spec) ? new CommandResult(0, "", "") : new CommandResult(1, "", "Bad rule (does a matching rule exist in that chain?).");
            if (refuseAdds) return new CommandResult(1, "", "No chain/target/match by that name.");
            if (!forgets) rules.add(spec);
            return new CommandResult(0, "", "");
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public RuntimeException failed(List<String> command, CommandResult result) {
            return new IllegalStateException(label + ": " + result.stderr());
        }

        List<String> drain() {
            List<String> out = List.copyOf(commands);
            commands.clear();
            return out;
        }
    }

    @Test
    void aPartitionDropsBothWaysAtBothEndsOfEachCutLinkWhereTheSitesPutRulesAndHealingDeletesThemNewestFirst() {
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        assertEquals(List.of(
                "iptables -w 5 -I INPUT 1 -s 10.0.0.12" + TAG, "iptables -w 5 -I OUTPUT 1 -d 10.0.0.12" + TAG,
                "iptables -w 5 -I INPUT 1 -s 10.0.0.13" + TAG, "iptables -w 5 -I OUTPUT 1 -d 10.0.0.13" + TAG), shells.get(1).drain());
        assertEquals(List.of("iptables -w 5 -I INPUT 1 -s 10.0.0.11" + TAG, "iptables -w 5 -I OUTPUT 1 -d 10.0.0.11" + TAG), shells.get(3).drain());
        assertEquals(8, net.activeRules().size());

        net.healPartitions();
        assertEquals(List.of("iptables -w 5 -D OUTPUT -d 10.0.0.13" + TAG, "iptables -w 5 -D INPUT -s 10.0.0.13" + TAG,
                "iptables -w 5 -D OUTPUT -d 10.0.0.12" + TAG, "iptables -w 5 -D INPUT -s 10.0.0.12" + TAG), shells.get(1).drain());
        assertTrue(net.activeRules().isEmpty());
        shells.values().forEach(s -> assertTrue(s.rules.isEmpty(), s.label + " keeps " + s.rules));
    }

    @Test
    void aClientCutMatchesWhatTheSitesAddToTheClientsAddress() {
        net.partitionClients(Set.of(2));
        assertEquals(List.of("iptables -w 5 -I INPUT 1 -s 10.0.0.1 -p tcp --dport 9092" + TAG,
                "iptables -w 5 -I OUTPUT 1 -d 10.0.0.1 -p tcp --sport 9092" + TAG), shells.get(2).drain());
        assertThrows(IllegalArgumentException.class, () -> net.partitionClients(Set.of(9)));
    }

    @Test
    void lossIsARandomDropAfterTheSitesMatchAndANewLossReplacesTheOld() {
        net.flaky(Set.of(3), 20);
        net.flaky(Set.of(3), 30);
        assertEquals(List.of(
                "iptables -w 5 -I OUTPUT 1 -o eth0 -m statistic --mode random --probability 0.200000" + TAG,
                "iptables -w 5 -D OUTPUT -o eth0 -m statistic --mode random --probability 0.200000" + TAG,
                "iptables -w 5 -I OUTPUT 1 -o eth0 -m statistic --mode random --probability 0.300000" + TAG), shells.get(3).drain());
        assertThrows(IllegalArgumentException.class, () -> net.flaky(Set.of(3), 0));
    }

    @Test
    void delayGoesThroughTheNodeDelayAndHealLinksRemovesItAndTheLoss() {
        net.slow(Set.of(3, 1), 200, 50);
        net.flaky(Set.of(2), 10);
        net.healLinks();
        assertEquals(List.of("delay 1 200±50", "delay 3 200±50", "undelay 1", "undelay 3"), delays);
        assertTrue(shells.get(2).rules.isEmpty());
        assertThrows(UnsupportedOperationException.class, () -> new FirewallNetwork(new Sites(), null, SHORT).slow(Set.of(1), 1, 0));
    }

    @Test
    void aRefusedRuleIsReportedByTheNodesShellAndWhatWasAddedBeforeIsStillHealed() {
        shells.get(3).refuseAdds = true;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> net.partition(List.of(Set.of(1, 2), Set.of(3))));
        assertEquals("node 3: No chain/target/match by that name.", e.getMessage());
        assertEquals(2, net.activeRules().size(), "node 1's two rules for the link to 3");
        net.healPartitions();
        assertTrue(shells.get(1).rules.isEmpty());
    }

    @Test
    void aRuleTheNodeNeverListsIsNotHeldNamingTheNode() {
        shells.get(2).forgets = true;
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> net.partitionClients(Set.of(2)));
        assertTrue(e.getMessage().contains("missing in node 2: -A INPUT -s 10.0.0.1 -p tcp --dport 9092" + TAG), e.getMessage());
    }

    @Test
    void closingHealsEverythingClosesTheDelayAndIgnoresLaterFaults() {
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        net.slow(Set.of(2), 100, 0);
        net.close();
        assertTrue(net.activeRules().isEmpty());
        assertEquals(List.of("delay 2 100±0", "undelay 2", "closed"), delays);
        shells.values().forEach(FakeShell::drain);
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        net.slow(Set.of(1), 100, 0);
        shells.values().forEach(s -> assertEquals(List.of(), s.drain()));
        assertEquals(3, delays.size());
    }
}
