package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;
import io.kchaos.harness.run.RunRecord;
import io.kchaos.harness.run.FaultConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.harness.run.TestRunConfig;
import io.kchaos.harness.scenario.ScenarioParser;
import io.kchaos.history.folder.RunJson;
import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RunOption}'s table drives {@code run}: each row is an option of it, of the row's type, with the row's default
 * and help; every row is a scenario key; run.json records every row recorded from the configuration under its field.
 */
class RunOptionTableTest {
    private static final CommandLine RUN = new CommandLine(new RunCommand());

    @Test
    void everyRowIsARunOptionOfItsTypeWithItsDefaultAndHelp() {
        for (RunOption row : RunOption.values()) {
            OptionSpec option = RUN.getCommandSpec().findOption(row.option());
            assertNotNull(option, row + " is no option of run");
            assertTrue(typeFits(row.kind(), option.type()), row + ": " + option.type().getSimpleName() + " is not " + row.kind());
            assertEquals(row.defaultValue(), defaultOf(option), row + "'s default");
            String table = row.help().replace("${DEFAULT-VALUE}", String.valueOf(row.defaultValue()));
            String shown = String.join(" ", option.description());
            int candidates = table.indexOf("${COMPLETION-CANDIDATES}");
            if (candidates < 0) assertEquals(table, shown, row + "'s help");
            else assertTrue(shown.startsWith(table.substring(0, candidates)) && shown.length() > candidates, row + "'s help: " + shown);
        }
    }

    @Test
    void aRunWithoutOptionsGetsTheTablesDefaults() {
        RunCommand run = new RunCommand();
        new CommandLine(run).setCaseInsensitiveEnumValuesAllowed(true).parseArgs();
        assertEquals("queue", run.workload);
        assertEquals("java", run.client);
        assertEquals(60, run.timeLimit);
        assertEquals(List.of("kill-leader"), run.nemesis);
        assertEquals(List.of("one", "leader", "halves", "majority-ring", "bridge"), run.partitionTargets);
        assertEquals(10.0, run.nemesisInterval);
        assertEquals(5.0, run.faultDuration);
        assertEquals(3, run.nodes);
        assertEquals(3, run.partitions);
        assertEquals(1000.0, run.rate);
        assertEquals(3, run.producers);
        assertEquals(1, run.consumers);
        assertEquals(512, run.heapMb);
        assertEquals("kchaos-queue", run.topic);
        assertEquals(10.0, run.upgrade.upgradeAt);
        assertEquals(5.0, run.upgrade.upgradeHold);
        assertEquals(120.0, run.upgrade.upgradeNodeTimeout);
        assertEquals(null, run.seed);
        assertEquals(null, run.replicationFactor);
        assertEquals(Map.of(), run.brokerConfig);
    }

    @Test
    void theRenderedHelpShowsTheTablesDefaults() {
        String help = RUN.getUsageMessage().replaceAll("\\s+", " ");
        assertTrue(help.contains("how long the workload runs, faults included (default 60)"), help);
        assertTrue(help.contains("when the rolling upgrade starts, after the workload (default 10"), "a mixin's row: " + help);
        assertTrue(help.contains("a workload setting; repeatable"), "a row under its alias: " + help);
    }

    @Test
    void everyOptionWithoutARowIsAboutWhereOrHowTheRunGoesNotWhatItTests() {
        List<String> outside = RUN.getCommandSpec().options().stream()
                .filter(o -> Arrays.stream(o.names()).noneMatch(n -> RunOption.byOption(n).isPresent()))
                .map(OptionSpec::longestName).sorted().toList();
        assertEquals(List.of("--backend", "--client-properties", "--help", "--hosts", "--hosts-file", "--kafka-home", "--kafka-image", "--keep",
                "--known-hosts", "--name", "--no-host-key-check", "--no-namespaces", "--proxy", "--remote-dir", "--remote-java",
                "--replay-faults", "--replay-keep", "--scenario", "--ssh-key", "--ssh-port", "--ssh-user", "--store",
                "--toxiproxy-image", "--version"), outside, "a new option of run: a row of RunOption, or named here");
    }

    @Test
    void everyRowIsAScenarioKey() {
        for (RunOption row : RunOption.values()) assertTrue(ScenarioParser.knownKeys().contains(row.scenarioKey()), row.toString());
    }

    @Test
    void runJsonRecordsEveryRowUnderItsField(@TempDir Path dir) {
        var config = TestRunConfig.in(dir).seed(77)
                .faults(new FaultConfig(List.of("pause"), List.of("one"), 3, 2, Map.of("pause-target", "leader"))).build();
        RunFolder folder = RunFolder.create(dir, "t");
        new RunRecord(config, folder).write();
        RunJson written = RunJson.read(folder.dir());
        for (RunOption row : RunOption.values()) {
            if (row.recordedFromConfig()) assertFalse(written.field(row.runJsonField().orElseThrow()).isMissingNode(), row.toString());
        }
        assertEquals(77, written.seed().orElseThrow());
        assertEquals("leader", written.field("nemesis-options").path("pause-target").asText());
        assertEquals(2.0, written.field("fault-duration-seconds").asDouble());
    }

    @Test
    void docsScenarioKeysAreTheTablesRows() throws Exception {
        String doc = Files.readString(GeneratedBlocks.projectFile("docs/scenarios.md"));
        int from = doc.indexOf("| key | type | sets |");
        String table = doc.substring(from, doc.indexOf("\n\n", from));
        Set<String> documented = new TreeSet<>();
        table.lines().skip(2).forEach(line -> {
            Matcher m = Pattern.compile("`([a-z-]+)`").matcher(line.split("\\|")[1]);
            while (m.find()) documented.add(m.group(1));
        });
        assertEquals(new TreeSet<>(ScenarioParser.knownKeys()), documented, "docs/scenarios.md's key table");
    }

    @Test
    void formatDocNamesEveryRecordedField() throws Exception {
        String doc = Files.readString(GeneratedBlocks.projectFile("docs/format.md"));
        String runJson = doc.substring(doc.indexOf("## run.json"), doc.indexOf("## Validation"));
        for (RunOption row : RunOption.values()) {
            row.runJsonField().ifPresent(f -> assertTrue(runJson.contains("`" + f + "`"), "docs/format.md's run.json table lacks " + f));
        }
    }

    private static String defaultOf(OptionSpec option) {
        assertNotNull(RUN.getCommandSpec().defaultValueProvider(), "run takes its defaults from the table");
        try {
            return RUN.getCommandSpec().defaultValueProvider().defaultValue(option);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean typeFits(RunOption.Kind kind, Class<?> type) {
        return switch (kind) {
            case STRING -> type == String.class;
            case BOOLEAN -> type == boolean.class || type == Boolean.class;
            case INT -> type == int.class || type == Integer.class;
            case LONG -> type == long.class || type == Long.class;
            case NUMBER -> type == double.class || type == Double.class;
            case STRING_LIST -> List.class.isAssignableFrom(type);
            case STRING_MAP -> Map.class.isAssignableFrom(type);
        };
    }
}
