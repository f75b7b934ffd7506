package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;
import io.kchaos.harness.scenario.Scenario;
import io.kchaos.harness.scenario.ScenarioParser;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run --tiered} and the scenario key {@code tiered}: a flag, off by default, also given as true or false (a matrix axis). */
class TieredOptionTest {
    private static RunCommand parse(String... args) {
        RunCommand run = new RunCommand();
        new CommandLine(run).setCaseInsensitiveEnumValuesAllowed(true).parseArgs(args);
        return run;
    }

    @Test
    void theFlagAloneOrWithAValue() {
        assertFalse(parse().tiered);
        assertTrue(parse("--tiered").tiered);
        assertTrue(parse("--tiered", "true").tiered);
        assertFalse(parse("--tiered", "false").tiered);
        assertTrue(parse("--tiered", "--nemesis", "kill-leader").tiered);
    }

    @Test
    void aScenarioTurnsItOnWithABoolean() {
        Scenario s = ScenarioParser.parse("{\"tiered\": true, \"nemesis\": \"kill-leader\"}", "t.json", "t");
        assertEquals(Boolean.TRUE, s.options().get(RunOption.TIERED));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScenarioParser.parse("{\"tiered\": \"yes\"}", "t.json", "t"));
        assertEquals("scenario t.json: field 'tiered' must be true or false, not the string \"yes\"", e.getMessage());
    }

    @Test
    void aScenariosTieredIsTheOptionsValueUnlessTheCommandLineGaveIt() throws Exception {
        java.nio.file.Path f = java.nio.file.Files.createTempFile("tiered", ".json");
        try {
            java.nio.file.Files.writeString(f, "{\"name\": \"t\", \"tiered\": true}");
            RunCommand run = new RunCommand();
            CommandLine cl = new CommandLine(run).setCaseInsensitiveEnumValuesAllowed(true);
            cl.parseArgs();
            ScenarioDefaults.apply(f.toString(), cl.getCommandSpec());
            assertTrue(run.tiered);
            RunCommand off = new RunCommand();
            CommandLine cl2 = new CommandLine(off).setCaseInsensitiveEnumValuesAllowed(true);
            cl2.parseArgs("--tiered", "false");
            ScenarioDefaults.apply(f.toString(), cl2.getCommandSpec());
            assertFalse(off.tiered);
        } finally {
            java.nio.file.Files.deleteIfExists(f);
        }
    }
}
