package io.kchaos.backend.local.net;

import io.kchaos.cluster.net.FirewallNetwork;
import io.kchaos.cluster.os.CommandException;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared network recipe on namespaced nodes: the commands in each namespace, and what is read back. */
class NamespaceNetworkTest {
    private static final String NS1 = "ip netns exec kchaos-4242a-n1 ";
    private static final String NS2 = "ip netns exec kchaos-4242a-n2 ";
    private static final String NS3 = "ip netns exec kchaos-4242a-n3 ";
    private static final String TAG = " -m comment --comment kchaos-4242a";

    private final CapturingRunner runner = new CapturingRunner();
    private final NodeNetwork layout = new NodeNetwork(new NetNames(4242, 'a'), new Subnet(7), List.of(1, 2, 3));
    private final FirewallNetwork net = network(new NetemDelay(runner), EffectWait.BOUND);
    private static final Duration SHORT = Duration.ofMillis(300);
    private final FirewallNetwork quick = network(new NetemDelay(runner, SHORT), SHORT);

    private FirewallNetwork network(LinkDelay delay, Duration bound) {
        return new FirewallNetwork(new NamespaceSites(runner, layout), delay == null ? null : new NamespaceDelay(layout, delay), bound);
    }

    @Test
    void isolatingOneNodeDropsBothDirectionsAtBothEndsOfEveryCutLinkAndHealDeletesExactlyThose() {
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        assertEquals(List.of(
                NS1 + "iptables -w 5 -A INPUT -s 10.213.7.12" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -A OUTPUT -d 10.213.7.12" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -A INPUT -s 10.213.7.11" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -A OUTPUT -d 10.213.7.11" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -A INPUT -s 10.213.7.13" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -A OUTPUT -d 10.213.7.13" + TAG + " -j DROP",
                NS3 + "iptables -w 5 -A INPUT -s 10.213.7.11" + TAG + " -j DROP",
                NS3 + "iptables -w 5 -A OUTPUT -d 10.213.7.11" + TAG + " -j DROP"), runner.drain());
        assertEquals(8, net.activeRules().size());

        net.healPartitions();
        assertEquals(List.of(
                NS3 + "iptables -w 5 -D OUTPUT -d 10.213.7.11" + TAG + " -j DROP",
                NS3 + "iptables -w 5 -D INPUT -s 10.213.7.11" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -D OUTPUT -d 10.213.7.13" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -D INPUT -s 10.213.7.13" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -D OUTPUT -d 10.213.7.11" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -D INPUT -s 10.213.7.11" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -D OUTPUT -d 10.213.7.12" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -D INPUT -s 10.213.7.12" + TAG + " -j DROP"), runner.drain());
        assertTrue(net.activeRules().isEmpty());
        net.healPartitions();
        assertEquals(List.of(), runner.drain(), "healing twice deletes nothing more");
    }

    @Test
    void aNewPartitionReplacesTheOldOneAndOverlappingComponentsKeepTheBridge() {
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        runner.drain();
        net.partition(List.of(Set.of(1, 2), Set.of(2, 3)));
        List<String> lines = runner.drain();
        assertEquals(8 + 4, lines.size(), "8 deletes of the old partition, then 4 rules for the one cut link 1–3");
        assertTrue(lines.subList(0, 8).stream().allMatch(l -> l.contains(" -D ")));
        assertEquals(List.of(
                NS1 + "iptables -w 5 -A INPUT -s 10.213.7.13" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -A OUTPUT -d 10.213.7.13" + TAG + " -j DROP",
                NS3 + "iptables -w 5 -A INPUT -s 10.213.7.11" + TAG + " -j DROP",
                NS3 + "iptables -w 5 -A OUTPUT -d 10.213.7.11" + TAG + " -j DROP"), lines.subList(8, 12));
    }

    @Test
    void cuttingClientsDropsTrafficBetweenTheNodeAndTheBridgeAddressOnly() {
        net.partitionClients(Set.of(2));
        assertEquals(List.of(
                NS2 + "iptables -w 5 -A INPUT -s 10.213.7.1" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -A OUTPUT -d 10.213.7.1" + TAG + " -j DROP"), runner.drain());
        net.healPartitions();
        assertEquals(List.of(
                NS2 + "iptables -w 5 -D OUTPUT -d 10.213.7.1" + TAG + " -j DROP",
                NS2 + "iptables -w 5 -D INPUT -s 10.213.7.1" + TAG + " -j DROP"), runner.drain());
    }

    @Test
    void slowIsNetemOnTheNodesVethAndFlakyARandomDropOnWhatItSends() {
        net.slow(Set.of(1, 3), 200, 50);
        net.flaky(Set.of(2), 20);
        assertEquals(List.of(
                NS1 + "tc qdisc replace dev eth0 root netem limit 100000 delay 200ms 50ms",
                NS3 + "tc qdisc replace dev eth0 root netem limit 100000 delay 200ms 50ms",
                NS2 + "iptables -w 5 -A OUTPUT -o eth0 -m statistic --mode random --probability 0.200000" + TAG + " -j DROP"), runner.drain());
        net.healLinks();
        assertEquals(List.of(
                NS2 + "iptables -w 5 -D OUTPUT -o eth0 -m statistic --mode random --probability 0.200000" + TAG + " -j DROP",
                NS1 + "tc qdisc del dev eth0 root",
                NS3 + "tc qdisc del dev eth0 root"), runner.drain());
        net.healLinks();
        assertEquals(List.of(), runner.drain());
    }

    @Test
    void aFailedRuleIsReportedAndWhatWasAddedBeforeItIsStillHealed() {
        runner.answer(NS2 + "iptables -w 5 -A", 1, "", "iptables: No chain/target/match by that name.");
        CommandException e = assertThrows(CommandException.class, () -> net.partition(List.of(Set.of(1), Set.of(2, 3))));
        assertTrue(e.getMessage().contains("No chain/target/match"), e.getMessage());
        runner.drain();
        net.healPartitions();
        assertEquals(List.of(
                NS1 + "iptables -w 5 -D OUTPUT -d 10.213.7.12" + TAG + " -j DROP",
                NS1 + "iptables -w 5 -D INPUT -s 10.213.7.12" + TAG + " -j DROP"), runner.drain());
    }

    @Test
    void aPartitionHoldsOnceEveryRuleIsListedEvenWhenTheRulesShowOnlyAfterAFewReadBacks() {
        String listNs2 = NS2 + "iptables -w 5 -S";
        runner.answer(listNs2, "-P INPUT ACCEPT\n-P OUTPUT ACCEPT\n")
                .answer(listNs2, "-P INPUT ACCEPT\n-A INPUT -s 10.213.7.11/32 -m comment --comment kchaos-4242a -j DROP\n")
                .answer(listNs2, "-P INPUT ACCEPT\n-A INPUT -s 10.213.7.11/32 -m comment --comment kchaos-4242a -j DROP\n"
                        + "-A OUTPUT -d 10.213.7.11/32 -m comment --comment kchaos-4242a -j DROP\n");
        quick.partition(List.of(Set.of(1), Set.of(2, 3)));
        assertEquals(3, runner.reads.stream().filter(listNs2::equals).count(), "read back until both of node 2's rules were listed");
        assertEquals(List.of(NS1 + "iptables -w 5 -S", listNs2, NS3 + "iptables -w 5 -S"), runner.reads.stream().distinct().toList());
    }

    @Test
    void aRuleNeverListedMakesThePartitionNotHeldNamingTheMissingRules() {
        runner.answer(NS2 + "iptables -w 5 -S", "-P INPUT ACCEPT\n-A INPUT -s 10.213.7.11/32 -m comment --comment kchaos-4242a -j DROP\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> quick.partition(List.of(Set.of(1), Set.of(2, 3))));
        assertTrue(e.getMessage().startsWith("partition ") && e.getMessage().contains("not seen within 300 ms"), e.getMessage());
        assertTrue(e.getMessage().endsWith("last seen: missing in kchaos-4242a-n2: -A OUTPUT -d 10.213.7.11" + TAG + " -j DROP"), e.getMessage());
        assertEquals(8, quick.activeRules().size(), "what was added is still healed");
    }

    @Test
    void aHealThatLeavesARuleBehindIsNotHeld() {
        quick.partitionClients(Set.of(2));
        runner.answer(NS2 + "iptables -w 5 -S", "-P OUTPUT ACCEPT\n-A OUTPUT -d 10.213.7.1/32 -m comment --comment kchaos-4242a -j DROP\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, quick::healPartitions);
        assertTrue(e.getMessage().startsWith("partitions healed: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("last seen: still in kchaos-4242a-n2: -A OUTPUT -d 10.213.7.1" + TAG + " -j DROP"), e.getMessage());
    }

    @Test
    void lossIsReadBackAtTheKernelsProbabilityAndAReplacedLossMustBeGone() {
        quick.flaky(Set.of(2), 20);
        runner.reads.clear();
        quick.flaky(Set.of(2), 30);
        assertEquals(List.of(NS2 + "iptables -w 5 -S"), runner.reads, "listed once: 30 % there, 20 % gone");
        runner.answer(NS2 + "iptables -w 5 -S", "-A OUTPUT -o eth0 -m statistic --mode random --probability 0.29999999981" + TAG + " -j DROP\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> quick.flaky(Set.of(2), 40));
        assertTrue(e.getMessage().contains("missing in kchaos-4242a-n2: -A OUTPUT -o eth0 -m statistic --mode random --probability 0.400000")
                && e.getMessage().contains("; still in kchaos-4242a-n2: -A OUTPUT -o eth0 -m statistic --mode random --probability 0.300000"), e.getMessage());
    }

    @Test
    void aDelayNotListedByTcIsNotHeldAndOneLeftAfterHealIsReported() {
        runner.answer(NS1 + "tc qdisc show dev eth0", "qdisc noqueue 0: root refcnt 2\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> quick.slow(Set.of(1), 200, 50));
        assertTrue(e.getMessage().startsWith("netem delay 200ms ± 50ms on eth0 in kchaos-4242a-n1: not seen within 300 ms;")
                && e.getMessage().endsWith("last seen: qdisc noqueue 0: root refcnt 2"), e.getMessage());

        quick.slow(Set.of(3), 200, 0);
        runner.answer(NS3 + "tc qdisc show dev eth0", "qdisc netem 8001: root refcnt 2 limit 100000 delay 200ms\n");
        FaultNotHeld left = assertThrows(FaultNotHeld.class, quick::healLinks);
        assertTrue(left.getMessage().startsWith("no netem delay on eth0 in kchaos-4242a-n3: "), left.getMessage());
    }

    @Test
    void withoutADelayMechanismSlowIsRefused() {
        FirewallNetwork noDelay = network(null, SHORT);
        assertThrows(UnsupportedOperationException.class, () -> noDelay.slow(Set.of(1), 100, 0));
        assertThrows(IllegalArgumentException.class, () -> net.partitionClients(Set.of(9)));
    }
}
