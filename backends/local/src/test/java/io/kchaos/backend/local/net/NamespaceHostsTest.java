package io.kchaos.backend.local.net;

import io.kchaos.cluster.ClusterException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NamespaceHostsTest {
    private static final long PID = 4242;
    private static final int OCTET = 1 + (int) (PID % 254);

    private final CapturingRunner runner = new CapturingRunner();

    private NamespaceHosts hosts() {
        return new NamespaceHosts(runner, new NetNames(PID, 'b'), (r, n) -> new NetemDelay(r));
    }

    @Test
    void setupCreatesBridgeForwardRuleNamespacesAndVethsAndCloseUndoesThemNewestFirst() {
        String sub = "10.213." + OCTET + ".";
        runner.answer("ip -o -4 addr show", "")
                .answer("ip -o -4 addr show", "5: kc4242bbr    inet " + sub + "1/24 brd " + sub + "255 scope global kc4242bbr\n");
        NamespaceHosts h = hosts();
        h.setup(List.of(1, 2));
        List<String> setup = runner.drain();
        assertEquals(List.of(
                "ip -o -4 addr show",
                "ip -4 route show table all",
                "ip link add kc4242bbr type bridge",
                "ip addr add " + sub + "1/24 dev kc4242bbr",
                "ip link set kc4242bbr up",
                "ip -o -4 addr show",
                "iptables -w 5 -I FORWARD 1 -i kc4242bbr -o kc4242bbr -m comment --comment kchaos-4242b -j ACCEPT",
                "ip netns add kchaos-4242b-n1",
                "ip link add kc4242bv1 type veth peer name eth0 netns kchaos-4242b-n1",
                "ip link set kc4242bv1 master kc4242bbr",
                "ip link set kc4242bv1 up",
                "ip netns exec kchaos-4242b-n1 ip addr add " + sub + "11/24 dev eth0",
                "ip netns exec kchaos-4242b-n1 ip link set eth0 up",
                "ip netns exec kchaos-4242b-n1 ip link set lo up",
                "ip netns add kchaos-4242b-n2",
                "ip link add kc4242bv2 type veth peer name eth0 netns kchaos-4242b-n2",
                "ip link set kc4242bv2 master kc4242bbr",
                "ip link set kc4242bv2 up",
                "ip netns exec kchaos-4242b-n2 ip addr add " + sub + "12/24 dev eth0",
                "ip netns exec kchaos-4242b-n2 ip link set eth0 up",
                "ip netns exec kchaos-4242b-n2 ip link set lo up"), setup);
        assertEquals(sub + "12", h.address(2));
        assertEquals(List.of("ip", "netns", "exec", "kchaos-4242b-n1"), h.commandPrefix(1));
        assertTrue(h.network().isPresent());

        h.close();
        assertEquals(List.of(
                "ip link del kc4242bv2",
                "ip netns del kchaos-4242b-n2",
                "ip link del kc4242bv1",
                "ip netns del kchaos-4242b-n1",
                "iptables -w 5 -D FORWARD -i kc4242bbr -o kc4242bbr -m comment --comment kchaos-4242b -j ACCEPT",
                "ip link del kc4242bbr"), runner.drain());
        h.close();
        assertEquals(List.of(), runner.drain(), "close is idempotent");
    }

    @Test
    void aSubnetAnotherRunUsesIsSkipped() {
        String used = "3: kc99abr    inet 10.213." + OCTET + ".1/24 scope global kc99abr\n";
        runner.answer("ip -o -4 addr show", used);
        NamespaceHosts h = hosts();
        h.setup(List.of(1));
        assertEquals("10.213." + (OCTET + 1) + ".11", h.address(1));
        h.close();
    }

    @Test
    void whenAnotherBridgeClaimsTheSameSubnetMeanwhileTheNextOneIsTried() {
        String sub = "10.213." + OCTET + ".";
        CapturingRunner racing = new CapturingRunner()
                .answer("ip -o -4 addr show", "")
                .answer("ip -o -4 addr show", "5: kc4242bbr inet " + sub + "1/24 scope global kc4242bbr\n"
                        + "6: kc77abr inet " + sub + "1/24 scope global kc77abr\n")
                .answer("ip -o -4 addr show", "");
        NamespaceHosts h = new NamespaceHosts(racing, new NetNames(PID, 'b'), null);
        h.setup(List.of(1));
        assertTrue(racing.lines.contains("ip link del kc4242bbr"), "the clashing bridge is removed");
        assertTrue(h.address(1).startsWith("10.213." + (OCTET + 1) + "."), h.address(1));
        h.close();
    }

    @Test
    void aFailingStepUndoesWhatWasCreatedAndSaysWhy() {
        runner.answer("ip netns add kchaos-4242b-n2", 1, "", "Cannot create namespace file: File exists");
        NamespaceHosts h = hosts();
        ClusterException e = assertThrows(ClusterException.class, () -> h.setup(List.of(1, 2)));
        assertTrue(e.getMessage().contains("File exists"), e.getMessage());
        List<String> lines = runner.drain();
        List<String> tail = new ArrayList<>(lines.subList(lines.size() - 4, lines.size()));
        assertEquals(List.of("ip link del kc4242bv1", "ip netns del kchaos-4242b-n1",
                "iptables -w 5 -D FORWARD -i kc4242bbr -o kc4242bbr -m comment --comment kchaos-4242b -j ACCEPT",
                "ip link del kc4242bbr"), tail);
        assertTrue(Collections.frequency(lines, "ip netns del kchaos-4242b-n2") == 0, "never deletes what it did not create");
    }
}
