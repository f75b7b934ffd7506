package io.kchaos.harness.cli;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.catalogue.FaultSpec;
import io.kchaos.nemesis.catalogue.NemesisTables;
import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kchaos anomalies} and {@code kchaos nemeses} print the catalogues, and {@code run --help}, README.md and
 * docs/format.md say what the fault catalogue says (the anomaly tables: AnomalyDocsTest in checker).
 */
class CatalogueCommandsTest {
    private final StringWriter err = new StringWriter();

    private String out(String... args) {
        StringWriter out = new StringWriter();
        assertEquals(0, Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args), err::toString);
        return out.toString();
    }

    @Test
    void anomaliesListsEveryTypeWithItsFamilyCheckerAndDefinition() {
        String text = out("anomalies");
        for (AnomalyType a : Anomalies.all()) {
            assertTrue(text.contains(a.key() + "  (" + a.family().key() + ", checker " + a.checker() + ")"), a.key());
            assertTrue(text.contains(a.definition()), a.key());
        }
        assertTrue(out("anomalies", "--markdown").contains("| `lost-write` |"));
    }

    @Test
    void nemesesListsEveryFaultWithItsOpsSettingsAndNeeds() {
        String text = out("nemeses");
        for (FaultSpec s : FaultCatalogue.specs()) {
            assertTrue(text.contains(s.name()) && text.contains(s.description()), s.name());
            s.ops().forEach(op -> assertTrue(text.contains("op " + op.f()), s.name() + " " + op.f()));
            s.settings().forEach(o -> assertTrue(text.contains(o.key() + "=" + o.defaultValue()), s.name() + " " + o.key()));
        }
        assertTrue(text.contains("corrupt-segment (corrupt retired)  [needs --backend local]"), text);
        assertTrue(text.contains("proxy-hold (formerly hold-request)\n"), text);
        assertTrue(text.contains("disk-full  [needs --backend local, root]"), text);
    }

    @Test
    void runHelpNamesEveryFaultAndEverySetting() {
        String help = out("run", "--help").replaceAll("\\s+", " ");
        for (FaultSpec s : FaultCatalogue.specs()) {
            assertTrue(help.contains(" " + s.name() + ",") || help.contains(" " + s.name() + " (default"), "run --help lacks " + s.name() + ": " + help);
        }
        FaultCatalogue.settings().values().forEach(o -> assertTrue(help.contains(o.key() + "=" + o.defaultValue()), o.key()));
    }

    @Test
    void anExpectationNamingAnAnomalyTheCatalogueDoesNotKnowIsOneLineAndExit2(@TempDir Path store) {
        int exit = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "matrix", "--scenario", "safe-default",
                "--set", "min.insync.replicas=1,2", "--store", store.toString(), "--expect", "min.insync.replicas=1:lost-writes");
        assertEquals(2, exit, err::toString);
        String line = err.toString().strip();
        assertTrue(line.contains("'lost-writes'") && line.contains("kchaos anomalies") && !line.contains("\n"), line);
        assertTrue(isEmpty(store), "nothing ran");
    }

    @Test
    void aRetiredFaultNameIsOneLineNamingTheNameOfTodayAndExit2(@TempDir Path store) {
        int exit = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "run", "--nemesis", "kill-leader,corrupt",
                "--store", store.toString());
        assertEquals(2, exit, err::toString);
        String line = err.toString().strip();
        assertTrue(line.contains("--nemesis corrupt is retired") && line.contains("use --nemesis corrupt-segment") && !line.contains("\n"), line);
        assertTrue(isEmpty(store), "nothing ran");
    }

    private static boolean isEmpty(Path dir) {
        try (var files = Files.list(dir)) {
            return files.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void faultsAndFormatDocTablesAreTheFaultCatalogue() {
        assertEquals(NemesisTables.faults(), GeneratedBlocks.block("docs/faults.md", "nemeses", "faults"),
                "docs/faults.md's fault table differs from FaultCatalogue; paste `kchaos nemeses --markdown`");
        assertEquals(NemesisTables.ops(), GeneratedBlocks.block("docs/format.md", "nemeses", "ops"),
                "docs/format.md's op table differs from NemesisOps and FaultCatalogue; paste `kchaos nemeses --markdown`");
    }

    @Test
    void theReadmeNamesEveryFaultOfTheCatalogueOnceAndNoOther() {
        List<String> named = new ArrayList<>();
        Matcher m = Pattern.compile("`([a-z0-9-]+)`")
                .matcher(GeneratedBlocks.block("README.md", "nemeses", "names").replace("`--nemesis`", ""));
        while (m.find()) named.add(m.group(1));
        List<String> catalogue = FaultCatalogue.specs().stream().map(FaultSpec::name).sorted().toList();
        assertEquals(catalogue, named.stream().sorted().toList(), "README.md's fault names differ from the catalogue");
    }
}
