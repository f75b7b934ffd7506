package io.kchaos.backend.local.net;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NetworkJanitorTest {
    private static final long DEAD = 111;
    private static final long LIVE = 222;

    @Test
    void removesOnlyWhatADeadHarnessLeft() {
        CapturingRunner r = new CapturingRunner()
                .answer("ip netns list", "kchaos-111a-n1 (id: 3)\nkchaos-111a-n2\nkchaos-222a-n1 (id: 1)\nmy-own-ns\n")
                .answer("ip netns pids kchaos-111a-n1", "5001\n")
                .answer("ip -o link show", "1: lo: <LOOPBACK,UP> mtu 65536\n"
                        + "7: kc111abr: <BROADCAST,MULTICAST,UP> mtu 1500\n"
                        + "8: kc111av3@if2: <BROADCAST> mtu 1500\n"
                        + "9: kc222abr: <BROADCAST> mtu 1500\n"
                        + "10: docker0: <BROADCAST> mtu 1500\n")
                .answer("iptables -w 5 -S FORWARD", "-P FORWARD DROP\n"
                        + "-A FORWARD -i kc111abr -o kc111abr -m comment --comment kchaos-111a -j ACCEPT\n"
                        + "-A FORWARD -i kc222abr -o kc222abr -m comment --comment kchaos-222a -j ACCEPT\n"
                        + "-A FORWARD -j DOCKER-USER\n");
        List<String> removed = new NetworkJanitor(r, pid -> pid == LIVE).sweep();
        assertEquals(List.of("namespace kchaos-111a-n1", "namespace kchaos-111a-n2", "link kc111abr", "link kc111av3",
                "FORWARD rule FORWARD -i kc111abr -o kc111abr -m comment --comment kchaos-111a -j ACCEPT"), removed);
        assertTrue(r.lines.contains("kill -9 5001"), "a process left in a dead run's namespace is killed");
        assertTrue(r.lines.contains("iptables -w 5 -D FORWARD -i kc111abr -o kc111abr -m comment --comment kchaos-111a -j ACCEPT"));
        for (String line : r.lines) {
            assertFalse(line.contains("222") && (line.contains(" del ") || line.contains(" -D ")), "never touches a live run's: " + line);
            assertFalse(line.contains("my-own-ns") || line.contains("docker0") || line.contains("DOCKER-USER"), "never touches others': " + line);
        }
    }

    @Test
    void namesFitLinuxLimitsAndNameTheirOwner() {
        NetNames n = new NetNames(4194304, 'z');
        assertTrue(n.bridge().length() <= 15 && n.hostVeth(999).length() <= 15, n.bridge() + " " + n.hostVeth(999));
        assertEquals(4194304L, NetNames.ownerOfLink(n.hostVeth(12)).orElseThrow());
        assertEquals(4194304L, NetNames.ownerOfLink(n.bridge()).orElseThrow());
        assertEquals(4194304L, NetNames.ownerOfNamespace(n.namespace(3)).orElseThrow());
        assertEquals(4194304L, NetNames.ownerOfRule("-A FORWARD -m comment --comment " + n.comment() + " -j ACCEPT").orElseThrow());
        for (String other : Set.of("kc12", "kchaos-12-n1", "kcb12v1", "eth0", "kchaos-12a-n1x")) {
            assertTrue(NetNames.ownerOfLink(other).isEmpty() && NetNames.ownerOfNamespace(other).isEmpty(), other);
        }
        assertTrue(NetNames.ownerOfRule("-A FORWARD -m comment --comment kchaos-12abc -j ACCEPT").isEmpty());
    }
}
