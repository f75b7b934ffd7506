package io.kchaos.backend.local.net;

import io.kchaos.cluster.os.CommandException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IptablesNetworkTest {
    private static final String NS1 = "ip netns exec kchaos-4242a-n1 ";
    private static final String NS2 = "ip netns exec kchaos-4242a-n2 ";
    private static final String NS3 = "ip netns exec kchaos-4242a-n3 ";
    private static final String TAG = " -m comment --comment kchaos-4242a";

    private final CapturingRunner runner = new CapturingRunner();
    private final NodeNetwork layout = new NodeNetwork(new NetNames(4242, 'a'), new Subnet(7), List.of(1, 2, 3));
    private final IptablesNetwork net = new IptablesNetwork(runner, layout, new NetemDelay(runner));

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
    void withoutADelayMechanismSlowIsRefused() {
        IptablesNetwork noDelay = new IptablesNetwork(runner, layout, null);
        assertThrows(UnsupportedOperationException.class, () -> noDelay.slow(Set.of(1), 100, 0));
        assertThrows(IllegalArgumentException.class, () -> net.partitionClients(Set.of(9)));
    }
}
