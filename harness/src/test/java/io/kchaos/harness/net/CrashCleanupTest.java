package io.kchaos.harness.net;

import io.kchaos.cluster.net.Namespaces;
import io.kchaos.backend.local.net.NetNames;
import io.kchaos.backend.local.net.NetworkJanitor;
import io.kchaos.backend.local.net.NetworkSupport;
import io.kchaos.backend.local.net.NodeNetwork;

import io.kchaos.backend.local.OrphanReaper;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.harness.run.ChildHarness;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A harness SIGKILLed mid-run: its brokers (even a SIGSTOPped one) die by themselves within 10 s (their watchdog), and
 * what it leaves behind — namespaces, links, FORWARD rule — is removed by the next run's janitor and reaper (and
 * nothing of any live run).
 */
@Tag("cluster")
class CrashCleanupTest {
    private final CommandRunner runner = new ProcessCommandRunner();

    @Test
    void aKilledHarnessesBrokersDieWithinSecondsAndTheNextRunRemovesTheRest(@TempDir Path store) throws Exception {
        NetworkSupport support = NetworkSupport.probe(runner, true);
        assumeTrue(support.namespaces(), "network namespaces unavailable: " + support.noNamespaces());
        ChildHarness child = ChildHarness.start("fault: partition", "--time-limit", "300", "--nemesis", "partition",
                "--partition-targets", "one", "--nemesis-interval", "1", "--fault-duration", "120", "--broker-heap-mb", "256",
                "--store", store.toString());
        Process harness = child.process();
        long pid = harness.pid();
        String tag = "kchaos-" + pid + "a";
        try {
            assertTrue(child.awaitLine(240), "the child harness started a cluster and partitioned it: " + child.output());
            List<Long> brokers = Leftovers.of(runner, pid).brokers;
            assertEquals(3, brokers.size(), "its 3 brokers run: " + brokers);
            runner.check("kill", "-STOP", Long.toString(brokers.get(0))); // a paused broker cannot run its own watchdog
        } finally {
            harness.destroyForcibly();
            harness.waitFor(30, TimeUnit.SECONDS);
        }

        long killedAt = System.nanoTime();
        Leftovers left = Leftovers.of(runner, pid);
        while (!left.brokers.isEmpty() && System.nanoTime() - killedAt < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(200);
            left = Leftovers.of(runner, pid);
        }
        System.out.printf("MEASURED crash: SIGKILLed harness %d; its brokers gone after %.1f s; left %s%n", pid,
                (System.nanoTime() - killedAt) / 1e9, left);
        assertEquals(List.of(), left.brokers, "its brokers died by themselves within 10 s: " + left);
        assertEquals(3, left.namespaces.size(), "its 3 namespaces are left: " + left);
        assertEquals(4, left.links.size(), "its bridge and 3 veths are left: " + left);
        assertEquals(1, left.forwardRules.size(), "its FORWARD rule is left: " + left);
        String inside = runner.run(Namespaces.exec(tag + "-n1", "iptables", "-S")).stdout()
                + runner.run(Namespaces.exec(tag + "-n2", "iptables", "-S")).stdout();
        assertTrue(inside.contains("--comment " + tag) && inside.contains("-j DROP"), "its partition rules are in place: " + inside);

        List<Long> reaped = OrphanReaper.reap();
        List<String> swept = new NetworkJanitor(runner).sweep();
        System.out.println("MEASURED crash cleanup: reaped brokers " + reaped + "; janitor removed " + swept);
        for (String ns : left.namespaces) assertTrue(swept.contains("namespace " + ns), "removed " + ns + ": " + swept);
        Leftovers after = Leftovers.of(runner, pid);
        assertTrue(after.isEmpty(), "nothing of the killed harness is left: " + after);
    }

    /** What a harness with this pid left on the machine. */
    private record Leftovers(List<String> namespaces, List<String> links, List<String> forwardRules, List<Long> brokers) {
        static Leftovers of(CommandRunner runner, long pid) {
            List<String> ns = runner.run("ip", "netns", "list").stdout().lines().map(l -> l.split("\\s+")[0])
                    .filter(n -> NetNames.ownerOfNamespace(n).orElse(-1L) == pid).toList();
            List<String> links = runner.run("ip", "-o", "link", "show").stdout().lines().map(l -> l.split(":\\s+")[1].split("@")[0])
                    .filter(n -> NetNames.ownerOfLink(n).orElse(-1L) == pid).toList();
            List<String> rules = runner.run("iptables", "-S", "FORWARD").stdout().lines()
                    .filter(l -> NetNames.ownerOfRule(l).orElse(-1L) == pid).toList();
            List<Long> brokers = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .filter(h -> h.info().commandLine().orElse("").contains("-Dkchaos.harness.pid=" + pid + " ")).map(ProcessHandle::pid).toList();
            return new Leftovers(ns, links, rules, brokers);
        }

        boolean isEmpty() {
            return namespaces.isEmpty() && links.isEmpty() && forwardRules.isEmpty() && brokers.isEmpty();
        }
    }
}
