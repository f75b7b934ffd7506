package io.kchaos.backend.local;

import io.kchaos.backend.local.net.NamespaceHosts;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostsTest {
    /** A machine where {@code id -u} prints uid and the commands {@code fails} matches exit 1. */
    private static CommandRunner machine(String uid, Predicate<String> fails) {
        return command -> {
            String line = String.join(" ", command);
            if (line.equals("id -u")) return new CommandResult(0, uid + "\n", "");
            return new CommandResult(fails.test(line) ? 1 : 0, "", "");
        };
    }

    private static List<Nemesis> nemeses(String... names) {
        return NemesisRegistry.builtIn().parse(List.of(names));
    }

    @Test
    void withoutRootEveryNodeIsOnLoopbackAndNetworkFaultsAreRefusedInOneLine() {
        Hosts.Plan plan = Hosts.plan(true, machine("1000", l -> false));
        assertEquals(Set.of(), plan.capabilities());
        assertInstanceOf(LoopbackHosts.class, plan.create());
        String note = plan.note().orElseThrow();
        assertTrue(note.startsWith("note: every node runs on loopback (not running as root); unavailable faults: partition, "), note);
        for (String fault : List.of("partition-clients", "slow", "flaky")) assertTrue(note.contains(", " + fault), note);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.refuseUnavailable(nemeses("kill-leader", "partition")));
        assertEquals("nemesis 'partition' is unavailable: network faults need each node in its own network namespace, but not running as root",
                e.getMessage());
        assertDoesNotThrow(() -> plan.refuseUnavailable(nemeses("kill-leader", "pause")));
    }

    @Test
    void asRootWithoutNetemOrAQueueHelperOnlySlowIsRefused() {
        Hosts.Plan plan = Hosts.plan(true, machine("0", l -> l.contains("netem") || l.contains("--probe")));
        assertEquals(Set.of(Capability.NETWORK), plan.capabilities());
        assertInstanceOf(NamespaceHosts.class, plan.create());
        assertDoesNotThrow(() -> plan.refuseUnavailable(nemeses("partition", "partition-clients", "flaky", "kill")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.refuseUnavailable(nemeses("slow")));
        assertTrue(e.getMessage().startsWith("nemesis 'slow' is unavailable: link delay needs netem"), e.getMessage());
        assertTrue(plan.note().orElseThrow().startsWith("note: unavailable faults: slow: the kernel has no netem"), plan.note().get());
    }

    @Test
    void asRootWithNetemEverythingIsAvailableQuietly() {
        Hosts.Plan plan = Hosts.plan(true, machine("0", l -> false));
        assertEquals(Set.of(Capability.NETWORK, Capability.LINK_DELAY), plan.capabilities());
        assertTrue(plan.note().isEmpty());
        assertDoesNotThrow(() -> plan.refuseUnavailable(nemeses("partition", "slow", "flaky")));
    }

    @Test
    void missingToolsAndNoNamespacesAreNamed() {
        assertTrue(Hosts.plan(true, machine("0", l -> l.startsWith("iptables"))).note().orElseThrow()
                .contains("iptables not found (install the iproute2 and iptables packages)"));
        assertTrue(Hosts.plan(false, machine("0", l -> false)).note().orElseThrow().contains("(--no-namespaces was given)"));
    }
}
