package io.kchaos.harness.run;

import io.kchaos.backend.docker.DockerBackend;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.cluster.Capability;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CapabilitiesTest {
    private static List<Nemesis> parse(String... names) {
        return NemesisRegistry.builtIn().parse(List.of(names));
    }

    @Test
    void dockerTakesProcessAndProxyFaultsButRefusesNamespaceFaults() {
        assertDoesNotThrow(() -> Capabilities.refuse(parse("kill-random", "pause", "toxic-latency", "isolate"), DockerBackend.CAPABILITIES, "--backend docker"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Capabilities.refuse(parse("kill-random", "partition", "slow"), DockerBackend.CAPABILITIES, "--backend docker"));
        assertEquals("nemesis 'partition' is unavailable with --backend docker: " + Capability.NETWORK.need()
                + "; nemesis 'slow' is unavailable with --backend docker: " + Capability.NETWORK.need(), e.getMessage());
    }

    @Test
    void localRefusesProxyFaults() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Capabilities.refuse(parse("toxic-reset"), EnumSet.complementOf(EnumSet.of(Capability.TOXIPROXY)), "--backend local"));
        assertEquals("nemesis 'toxic-reset' is unavailable with --backend local: " + Capability.TOXIPROXY.need(), e.getMessage());
    }

    @Test
    void toxiproxyStartsOnlyWhenAFaultNeedsIt() {
        assertEquals(Optional.empty(), DockerBackend.toxiproxyFor(parse("kill-random", "pause"), "tp:1"));
        assertEquals(Optional.of("tp:1"), DockerBackend.toxiproxyFor(parse("kill-random", "isolate"), "tp:1"));
    }
}
