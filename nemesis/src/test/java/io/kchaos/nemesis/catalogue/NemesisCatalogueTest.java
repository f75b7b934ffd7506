package io.kchaos.nemesis.catalogue;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSetting;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each fault of the catalogue ({@link FaultCatalogue#specs()}) builds a nemesis named and needing what its spec says. */
class NemesisCatalogueTest {
    private final NemesisRegistry registry = NemesisRegistry.builtIn();

    @Test
    void everySpecBuildsItsNemesisUnderItsNameWithItsCapabilities() {
        assertEquals(FaultCatalogue.specs().stream().map(FaultSpec::name).toList(), List.copyOf(registry.names()));
        Set<String> names = new HashSet<>();
        for (FaultSpec spec : FaultCatalogue.specs()) {
            assertTrue(names.add(spec.name()) && spec.formerly().stream().allMatch(names::add), "a name used twice: " + spec.name());
            Nemesis n = registry.create(spec.name());
            assertEquals(spec.name(), n.name());
            assertEquals(spec.capabilities(), n.requires());
        }
        assertThrows(IllegalArgumentException.class, () -> registry.create("made-up"));
    }

    @Test
    void theNeedsAreSaidByTheCapabilities() {
        assertEquals("`--backend local`, root", FaultCatalogue.spec("disk-full").orElseThrow().needs());
        assertEquals("`--backend local`", FaultCatalogue.spec("power-loss").orElseThrow().needs());
        assertEquals("`--backend docker`", FaultCatalogue.spec("isolate").orElseThrow().needs());
        assertEquals("root", FaultCatalogue.spec("slow").orElseThrow().needs());
        assertEquals("", FaultCatalogue.spec("proxy-hold").orElseThrow().needs(), "the kchaos proxy runs on every backend");
        assertEquals(List.of("partition", "partition-coordinator", "partition-controller", "partition-controller-brokers",
                "partition-controller-voter", "partition-clients", "slow", "flaky"),
                registry.namesRequiring(Capability.NETWORK));
    }

    @Test
    void formerNamesStillParseAndTheNetworkDefaultsAreTheDescribedOnes() {
        assertEquals("kill-random", registry.parse(List.of("kill")).get(0).name());
        assertEquals("proxy-hold", registry.parse(List.of("hold-request")).get(0).name());
        assertEquals("proxy-error", FaultCatalogue.spec("error-responses").orElseThrow().name());
        NetworkFaultOptions net = NetworkFaultOptions.defaults();
        assertTrue(FaultCatalogue.spec("slow").orElseThrow().description().contains(net.latencyMs() + " ± " + net.jitterMs() + " ms"));
        assertTrue(FaultCatalogue.spec("flaky").orElseThrow().description().contains(Math.round(net.lossPercent()) + " %"));
    }

    @Test
    void aRetiredNameIsRefusedWithOneLineNamingTheNameOfToday() {
        String e = assertThrows(IllegalArgumentException.class, () -> registry.parse(List.of("kill-leader", "corrupt"))).getMessage();
        assertEquals("--nemesis corrupt is retired (in histories, corrupt is network corruption); use --nemesis corrupt-segment", e);
        assertTrue(FaultCatalogue.spec("corrupt").isEmpty());
        assertTrue(NemesisOps.isFault("corrupt"), "histories of other tools still read corrupt as network corruption");
        for (RetiredName r : FaultCatalogue.retired()) assertTrue(FaultCatalogue.spec(r.now()).isPresent(), r.now());
    }

    @Test
    void eachKchaosProxyFaultHasOneNameForItsFaultItsOpAndItsRule() {
        List<FaultSpec> proxied = FaultCatalogue.specs().stream().filter(s -> s.capabilities().contains(Capability.PROTOCOL)).toList();
        assertEquals(10, proxied.size());
        for (FaultSpec s : proxied) {
            assertEquals(List.of(s.name()), s.ops().stream().map(FaultOp::f).toList(), s.name() + " records its own name");
            String rule = NemesisOps.proxyRuleKind(s.name());
            assertTrue(s.ops().get(0).example().contains("\"kind\": \"" + rule + "\""), s.name() + ": " + s.ops().get(0).example());
        }
    }

    @Test
    void everyDeclaredSettingIsReadBySomeFaultOrTheSchedule() {
        assertEquals(NemesisOptions.KEYS, FaultCatalogue.settings().keySet());
        for (FaultSpec spec : FaultCatalogue.specs()) {
            for (NemesisSetting o : spec.settings()) assertFalse(o.key().isBlank(), spec.name());
        }
    }
}
