package io.kchaos.harness.docs;

import io.kchaos.harness.cli.Main;
import io.kchaos.harness.matrix.MatrixShard;
import io.kchaos.harness.scenario.Scenarios;
import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GitHub Actions example of docs/examples cannot rot: each {@code ./kchaos} command in it parses with the real
 * command line (parse only, nothing runs), once per value of the workflow's shard list.
 */
class CiExampleTest {
    private static final String EXAMPLE = "docs/examples/github-actions-matrix.yml";
    private static final String SHARD = "${{ matrix.shard }}";

    /** The example's {@code ./kchaos ...} commands, continuation lines joined, a trailing {@code || ...} left out. */
    static List<String> commands(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            int at = lines.get(i).indexOf("./kchaos ");
            if (at < 0 || lines.get(i).strip().startsWith("#")) continue;
            StringBuilder c = new StringBuilder(lines.get(i).substring(at).strip());
            while (c.charAt(c.length() - 1) == '\\' && i + 1 < lines.size()) {
                String head = c.substring(0, c.length() - 1).stripTrailing();
                c.setLength(0);
                c.append(head).append(' ').append(lines.get(++i).strip());
            }
            int or = c.indexOf(" || ");
            out.add((or < 0 ? c.toString() : c.substring(0, or)).strip());
        }
        return out;
    }

    /** Splits a shell command into words: blanks separate, single and double quotes group (no escapes or expansions). */
    static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(command);
        while (m.find()) out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        return out;
    }

    private static CommandLine.ParseResult parse(String command) {
        List<String> w = words(command);
        assertEquals("./kchaos", w.get(0), command);
        return new CommandLine(new Main()).parseArgs(w.subList(1, w.size()).toArray(String[]::new)).subcommand();
    }

    @Test
    void everyKchaosCommandOfTheWorkflowParses() throws IOException {
        List<String> lines = Files.readAllLines(GeneratedBlocks.projectFile(EXAMPLE));
        Matcher shardList = Pattern.compile("(?m)^\\s*shard: \\[([0-9, ]+)]\\s*$").matcher(String.join("\n", lines));
        assertTrue(shardList.find(), "the workflow's strategy.matrix has a shard list");
        List<String> shards = List.of(shardList.group(1).split(",\\s*"));
        List<String> commands = commands(lines);
        assertEquals(2, commands.size(), commands.toString());

        String matrix = commands.get(0);
        assertTrue(matrix.contains("--shard " + SHARD + "/" + shards.size()), matrix);
        for (int k = 0; k < shards.size(); k++) {
            assertEquals(Integer.toString(k + 1), shards.get(k), "the shard list is 1..N");
            CommandLine.ParseResult p = parse(matrix.replace(SHARD, shards.get(k)));
            assertEquals("matrix", p.commandSpec().name());
            assertEquals(new MatrixShard(k + 1, shards.size()), p.matchedOptionValue("--shard", null));
            Scenarios.load(p.matchedOptionValue("--scenario", ""));
        }

        CommandLine.ParseResult merge = parse(commands.get(1));
        assertEquals("merge", merge.commandSpec().name());
        assertEquals(1 + shards.size(), merge.matchedPositionals().stream().mapToInt(a -> a.stringValues().size()).sum(),
                "OUT and one folder per shard: " + commands.get(1));
    }

    @Test
    void theExtractionJoinsContinuationsAndDropsTheFallback() {
        assertEquals(List.of("./kchaos matrix --set 'a=1,2' --shard 1/3", "./kchaos merge out a b"), commands(List.of(
                "        run: |", "          ./kchaos matrix --set 'a=1,2' \\", "            --shard 1/3 || true", "  # ./kchaos not this",
                "        run: ./kchaos merge out a b")));
        assertEquals(List.of("./kchaos", "--expect", "a=1,b=2:valid", "x y"), words("./kchaos --expect 'a=1,b=2:valid' \"x y\""));
    }
}
