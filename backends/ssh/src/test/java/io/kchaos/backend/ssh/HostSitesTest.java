package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.FirewallNetwork;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared network recipe on SSH hosts: its commands on each host, and what it reads back before a fault or heal counts as done. */
class HostSitesTest {
    private static final String TAG = " -m comment --comment kchaos-ssh-t1 -j DROP";
    /** The client cut of node 2 as {@code iptables -S} prints it back (with /32 and the implicit -m tcp). */
    private static final String CLIENT_CUT = "-P INPUT ACCEPT\n"
            + "-A INPUT -s 10.9.0.1/32 -p tcp -m tcp --dport 9092" + TAG + "\n"
            + "-A OUTPUT -d 10.9.0.1/32 -p tcp -m tcp --sport 9092" + TAG + "\n";
    private static final String NO_RULES = "-P INPUT ACCEPT\n-P OUTPUT ACCEPT\n";

    private final Map<Integer, FakeHost> fakes = new TreeMap<>();
    private final FirewallNetwork net;

    HostSitesTest() {
        Map<Integer, NetworkHost> hosts = new TreeMap<>();
        Map<Integer, String> control = new TreeMap<>();
        for (int id = 1; id <= 3; id++) {
            FakeHost f = new FakeHost();
            fakes.put(id, f);
            SshHost h = new SshHost(id, "10.9.0.1" + id, 22, "kafka", Path.of("/keys/id"), "/opt/kc", "10.9.0.1" + id, "java",
                    9092, 9093, Map.of(), null);
            hosts.put(id, new NetworkHost(h, f.user, f.root));
            control.put(id, "10.9.0.1");
        }
        HostSites sites = new HostSites(hosts, control, "t1");
        Duration bound = Duration.ofMillis(300);
        net = new FirewallNetwork(sites, new HostDelay(sites, bound), bound);
    }

    /** One host: records each command as sent (as root or as the login user) and answers the read-backs from queues. */
    private static final class FakeHost {
        final List<String> commands = new ArrayList<>();
        final Deque<String> listings = new ArrayDeque<>(List.of(NO_RULES));
        final Deque<String> qdiscs = new ArrayDeque<>(List.of("qdisc noqueue 0: root refcnt 2\n"));
        final CommandRunner root = command -> answer("root# ", Shell.join(command));
        final CommandRunner user = command -> answer("user$ ", Shell.join(command));

        /** The listings given in turn, the last repeated. */
        void lists(String... shown) {
            listings.clear();
            listings.addAll(List.of(shown));
        }

        void showsQdisc(String... shown) {
            qdiscs.clear();
            qdiscs.addAll(List.of(shown));
        }

        private CommandResult answer(String who, String line) {
            if (line.equals("iptables -w 5 -S")) return new CommandResult(0, next(listings), "");
            if (line.startsWith("tc qdisc show ")) return new CommandResult(0, next(qdiscs), "");
            commands.add(who + line);
            if (line.startsWith("ip -o route get ")) return new CommandResult(0, line.substring(16) + " dev ens5 src 10.9.0.12 uid 0\n", "");
            return new CommandResult(0, "", "");
        }

        private static String next(Deque<String> answers) {
            return answers.size() > 1 ? answers.poll() : answers.peek();
        }
    }

    @Test
    void aClientCutHoldsOnceTheHostListsBothRulesEvenAfterAFewReadBacks() {
        fakes.get(2).lists(NO_RULES, NO_RULES, CLIENT_CUT);
        net.partitionClients(Set.of(2));
        assertEquals(List.of(
                "root# iptables -w 5 -I INPUT 1 -s 10.9.0.1 -p tcp --dport 9092" + TAG,
                "root# iptables -w 5 -I OUTPUT 1 -d 10.9.0.1 -p tcp --sport 9092" + TAG), fakes.get(2).commands);
        assertEquals(1, fakes.get(2).listings.size(), "read back until the listing showed both rules");
    }

    @Test
    void aRuleTheHostNeverListsIsNotHeldAndNamed() {
        fakes.get(2).lists("-A INPUT -s 10.9.0.1/32 -p tcp -m tcp --dport 9092" + TAG + "\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> net.partitionClients(Set.of(2)));
        assertTrue(e.getMessage().startsWith("clients cut from nodes [2]: not seen within 300 ms; last seen: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("missing in host 2 (kafka@10.9.0.12:22): -A OUTPUT -d 10.9.0.1 -p tcp --sport 9092" + TAG),
                e.getMessage());
    }

    @Test
    void aHealThatLeavesARuleBehindIsNotHeld() {
        fakes.get(2).lists(CLIENT_CUT);
        net.partitionClients(Set.of(2));
        FaultNotHeld e = assertThrows(FaultNotHeld.class, net::healPartitions);
        assertTrue(e.getMessage().startsWith("partitions healed: "), e.getMessage());
        assertTrue(e.getMessage().contains("still in host 2 (kafka@10.9.0.12:22): -A INPUT -s 10.9.0.1 -p tcp --dport 9092" + TAG), e.getMessage());
        assertTrue(fakes.get(2).commands.contains("root# iptables -w 5 -D INPUT -s 10.9.0.1 -p tcp --dport 9092" + TAG));

        fakes.get(2).lists(NO_RULES);
        net.healPartitions();
        assertEquals(0, net.activeRules().size());
    }

    @Test
    void aPartitionIsReadBackOnEveryHostItTouches() {
        fakes.get(1).lists("-A INPUT -s 10.9.0.12/32" + TAG + "\n-A OUTPUT -d 10.9.0.12/32" + TAG + "\n"
                + "-A INPUT -s 10.9.0.13/32" + TAG + "\n-A OUTPUT -d 10.9.0.13/32" + TAG + "\n");
        String cutFrom1 = "-A INPUT -s 10.9.0.11/32" + TAG + "\n-A OUTPUT -d 10.9.0.11/32" + TAG + "\n";
        fakes.get(2).lists(cutFrom1);
        fakes.get(3).lists(cutFrom1, NO_RULES);
        net.partition(List.of(Set.of(1), Set.of(2, 3)));
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> net.partition(List.of(Set.of(1, 2), Set.of(3))));
        assertTrue(e.getMessage().contains("missing in host 3 (kafka@10.9.0.13:22): -A INPUT -s 10.9.0.11" + TAG), e.getMessage());
        assertTrue(e.getMessage().contains("still in host 2 (kafka@10.9.0.12:22): -A INPUT -s 10.9.0.11" + TAG), e.getMessage());
    }

    @Test
    void slowHoldsOnceTcListsTheNetemDelayAndHealLinksOnceItIsGone() {
        fakes.get(1).showsQdisc("qdisc noqueue 0: root refcnt 2\n", "qdisc netem 8001: root refcnt 2 limit 1000 delay 200ms  50ms\n",
                "qdisc noqueue 0: root refcnt 2\n");
        net.slow(Set.of(1), 200, 50);
        assertEquals(List.of("user$ ip -o route get 10.9.0.12", "user$ sh -c 'echo ens5 >> /opt/kc/.kchaos-netem'",
                "root# tc qdisc replace dev ens5 root netem limit 100000 delay 200ms 50ms"), fakes.get(1).commands);
        net.healLinks();
        assertEquals("root# tc qdisc del dev ens5 root", fakes.get(1).commands.get(3));

        fakes.get(3).showsQdisc("qdisc netem 8001: root refcnt 2 limit 1000 delay 100ms  50ms\n");
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> net.slow(Set.of(3), 200, 50));
        assertTrue(e.getMessage().startsWith("netem delay 200ms ± 50ms on ens5 on host 3 (kafka@10.9.0.13:22): ")
                && e.getMessage().endsWith("last seen: qdisc netem 8001: root refcnt 2 limit 1000 delay 100ms  50ms"), e.getMessage());
        FaultNotHeld left = assertThrows(FaultNotHeld.class, net::healLinks);
        assertTrue(left.getMessage().startsWith("no netem delay on ens5 on host 3"), left.getMessage());
    }
}
