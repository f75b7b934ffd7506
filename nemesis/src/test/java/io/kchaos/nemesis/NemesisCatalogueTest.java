package io.kchaos.nemesis;

import io.kchaos.history.FaultSpec;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.process.NoNemesis;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each fault of the catalogue ({@link NemesisOps#specs()}) is bound to a nemesis whose needs its spec states. */
class NemesisCatalogueTest {
    private final NemesisRegistry registry = NemesisRegistry.builtIn();

    @Test
    void everySpecIsBoundToOneNemesisAndNothingElseIs() {
        assertEquals(NemesisOps.specs().stream().map(FaultSpec::name).toList(), List.copyOf(registry.names()));
        assertThrows(IllegalStateException.class, () -> new NemesisRegistry().bind("made-up", NoNemesis::new));
    }

    @Test
    void theNeedsOfEachSpecAreTheCapabilitiesOfItsNemesis() {
        for (FaultSpec spec : NemesisOps.specs()) {
            Set<Capability> caps = registry.create(spec.name()).requires();
            boolean local = caps.contains(Capability.STORAGE) || caps.contains(Capability.POWER_LOSS);
            boolean docker = caps.contains(Capability.TOXICS);
            boolean root = caps.contains(Capability.NETWORK) || caps.contains(Capability.LINK_DELAY) || caps.contains(Capability.DISK_LIMIT);
            assertEquals(local ? "local" : docker ? "docker" : null, spec.needs().backend(), spec.name() + " needs " + caps);
            assertEquals(root, spec.needs().root(), spec.name() + " needs " + caps);
        }
    }

    @Test
    void formerNamesStillParseAndTheNetworkDefaultsAreTheDescribedOnes() {
        assertEquals("corrupt-segment", registry.parse(List.of("corrupt")).get(0).name());
        assertEquals("kill-random", NemesisOps.spec("kill").orElseThrow().name());
        NetworkFaultOptions net = NetworkFaultOptions.defaults();
        assertTrue(NemesisOps.spec("slow").orElseThrow().description().contains(net.latencyMs() + " ± " + net.jitterMs() + " ms"));
        assertTrue(NemesisOps.spec("flaky").orElseThrow().description().contains(Math.round(net.lossPercent()) + " %"));
    }

    @Test
    void everyOptionKeyHasOneDefaultAcrossTheFaultsThatReadIt() {
        for (FaultSpec spec : NemesisOps.specs()) {
            for (FaultSpec.Option o : spec.options()) {
                assertEquals(NemesisOps.options().get(o.key()).defaultValue(), o.defaultValue(), spec.name() + " " + o.key());
            }
        }
        assertEquals(NemesisOps.options().keySet(), NemesisOptions.KEYS);
    }
}
