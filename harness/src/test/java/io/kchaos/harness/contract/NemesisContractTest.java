package io.kchaos.harness.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.availability.AvailabilityChecker;
import io.kchaos.history.FaultOp;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.Op;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.catalogue.FaultSpec;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import io.kchaos.nemesis.remote.PlantedBucket;
import io.kchaos.report.scan.FaultWindow;
import io.kchaos.report.scan.HistoryDigest;
import io.kchaos.report.scan.HistoryScan;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract between the nemeses and the readers of their ops: every registered nemesis, run against one shared
 * fake cluster (with three dedicated controllers, so the controller faults have a quorum leader to aim at, five of which
 * three start as voters for voter-grow, and a bucket
 * holding one copied segment for the remote-tier faults), records only ops its {@link FaultSpec} declares (ops of {@link NemesisOps}), and availability and
 * the report both see each fault it injected as a window with a start and an end (its heal).
 */
class NemesisContractTest {
    @TempDir
    Path dir;

    /** The history of one fault of {@code nemesis}, injected and healed on a fresh fake cluster. */
    private History injectAndHeal(Nemesis nemesis, long seed) {
        Path file = dir.resolve(nemesis.name() + "-" + seed + ".jsonl");
        try (HistoryWriter w = new HistoryWriter(file)) {
            // a new leader's epoch start to read, so isr-shrink's attempts end at once instead of waiting out their 30 s
            FakeCluster cluster = FakeCluster.full().withControllers(grows(nemesis) ? 5 : 3).epochStarts(0)
                    .withBucket(PlantedBucket.oneSegment(dir.resolve("bucket-" + nemesis.name() + "-" + seed)));
            if (grows(nemesis)) cluster.withInitialVoters(3); // voter-grow: two controllers observe the quorum, to add
            NemesisContext ctx = cluster.context(new NemesisRecorder(w), seed);
            Fault fault = nemesis.inject(ctx);
            fault.heal();
        }
        return HistoryFile.open(file);
    }

    /** True when the nemesis needs controllers the quorum starts without. */
    private static boolean grows(Nemesis nemesis) {
        return nemesis.requires().contains(io.kchaos.nemesis.cluster.Capability.OBSERVING_CONTROLLERS);
    }

    private static List<Op> nemesisOps(History history) {
        List<Op> ops = new ArrayList<>();
        history.forEach(op -> {
            if (op.isNemesis()) ops.add(op);
        });
        return ops;
    }

    /** Fails unless each fault op in the history is declared by the nemesis and closed for availability and the report. */
    static void assertUnderstood(Nemesis nemesis, FaultSpec spec, History history) {
        Set<String> declared = spec.ops().stream().map(FaultOp::f).collect(Collectors.toSet());
        List<Op> ops = nemesisOps(history);
        for (Op op : ops) {
            assertTrue(declared.contains(op.f()) || spec.ops().stream().anyMatch(d -> d.isHealedBy(op.f())) || NemesisOps.isNote(op.f()),
                    nemesis.name() + " recorded op '" + op.f() + "', which neither is a fault its spec declares, nor heals one, nor is a note; "
                            + "declare it in NemesisOps and list it in the spec of " + spec.name());
        }
        long faults = ops.stream().filter(op -> !op.isInvoke() && NemesisOps.isFault(op.f())).count();

        JsonNode availability = new AvailabilityChecker().check(history).stats().path("availability").path("faults");
        assertEquals(faults, availability.size(), nemesis.name() + ": availability lists each fault once: " + availability);
        for (JsonNode f : availability) {
            boolean event = NemesisOps.lookup(f.path("f").asText()).map(FaultOp::isEvent).orElse(false);
            assertTrue(event || !f.path("heal").isNull(), nemesis.name() + ": availability found no heal for " + f);
        }

        HistoryDigest digest = HistoryScan.scan(history, List.of());
        assertEquals(List.of(), digest.events().stream().map(FaultWindow::f).toList(),
                nemesis.name() + ": the report drew ops it does not know as points");
        assertEquals(faults, digest.windows().size(), nemesis.name() + ": one report window per fault");
        for (FaultWindow w : digest.windows()) {
            boolean event = NemesisOps.lookup(w.f()).map(FaultOp::isEvent).orElse(false);
            assertTrue(event || w.healed(), nemesis.name() + ": the report's window " + w.label() + " was never closed by a heal");
            assertTrue(w.end() >= w.start(), nemesis.name() + ": window " + w.label() + " ends before it starts");
        }
    }

    /**
     * The settings the nemeses are made with here: the defaults, but power-loss-leader-follower's second restart 1 s after
     * the first instead of 10 (a sleep between two starts; the ops it records are the same whatever the gap).
     */
    private static final NemesisOptions OPTIONS = new NemesisOptions(Map.of(NemesisSettings.RESTART_GAP_SECONDS.key(), "1"));

    @TestFactory
    Stream<DynamicTest> everyRegisteredNemesisIsUnderstoodByAvailabilityAndTheReport() {
        NemesisRegistry registry = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), OPTIONS);
        return registry.names().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Nemesis nemesis = registry.create(name);
            FaultSpec spec = FaultCatalogue.spec(name).orElseThrow();
            assertEquals(name, nemesis.name(), "the nemesis names itself as its spec does");
            boolean injectedSomething = false;
            for (long seed = 1; seed <= 1; seed++) { // one seed: the op names, not the targets, are the contract
                History history = injectAndHeal(nemesis, seed);
                injectedSomething |= !nemesisOps(history).isEmpty();
                assertUnderstood(nemesis, spec, history);
            }
            assertTrue(injectedSomething || name.equals("none"), name + " injected nothing on the fake cluster");
        }));
    }

    @Test
    void theHealsTheFinalHealRecordsEndEveryFaultOfTheirKind() {
        for (String heal : List.of(NemesisOps.HEAL, NemesisOps.HEAL_TOXIC, NemesisOps.RESUME, NemesisOps.START)) {
            assertTrue(NemesisOps.faults().values().stream().anyMatch(f -> f.isHealedBy(heal)), heal + " heals nothing");
        }
    }

    @Test
    void aNemesisRecordingAnUnknownOpNameFailsTheContract() {
        Nemesis rogue = new Nemesis() {
            @Override
            public String name() {
                return "rogue";
            }

            @Override
            public Fault inject(NemesisContext ctx) {
                ctx.recorder().record("blackhole", NemesisRecorder.nodes(List.of(2)), () -> { });
                return new io.kchaos.nemesis.HealOnce("blackhole", () ->
                        ctx.recorder().record("unblackhole", NemesisRecorder.nodes(List.of(2)), () -> { }));
            }
        };
        AssertionError e = assertThrows(AssertionError.class, () -> assertUnderstood(rogue, FaultCatalogue.spec("partition").orElseThrow(), injectAndHeal(rogue, 1)));
        assertTrue(e.getMessage().contains("'blackhole'"), e.getMessage());
    }

    @Test
    void isolateAndToxicWindowsCloseAndRejoinIsNotANewFault() {
        Set<String> seen = new TreeSet<>();
        for (String name : List.of("isolate", "toxic-latency", "toxic-reset")) {
            Nemesis n = NemesisRegistry.builtIn().parse(List.of(name)).get(0);
            History h = injectAndHeal(n, 7);
            JsonNode faults = new AvailabilityChecker().check(h).stats().path("availability").path("faults");
            assertEquals(1, faults.size(), faults.toString());
            seen.add(faults.get(0).path("f").asText() + "->" + faults.get(0).path("heal").asText());
            FaultWindow w = HistoryScan.scan(h, List.of()).windows().get(0);
            assertTrue(w.healed() && w.end() > w.start(), w.label());
            assertNotNull(w.healedBy());
            assertFalse(w.f().equals(NemesisOps.REJOIN));
        }
        assertEquals(Set.of("isolate->rejoin", "toxic-latency->heal-toxic", "toxic-reset->heal-toxic"), seen);
    }
}
