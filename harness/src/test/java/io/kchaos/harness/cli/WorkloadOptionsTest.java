package io.kchaos.harness.cli;

import io.kchaos.harness.run.WorkloadKind;
import io.kchaos.harness.run.WorkloadOptionTable;
import io.kchaos.testkit.GeneratedBlocks;
import io.kchaos.workload.common.WorkloadOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each workload's declared {@code --workload-option}s drive {@code run --help}, {@code kchaos workloads}, the table of
 * docs/workloads.md and the refusal of an unknown key or a bad value (on the command line and in a scenario file):
 * one line, exit 2, nothing run.
 */
class WorkloadOptionsTest {
    private final StringWriter err = new StringWriter();

    private int run(Path store, String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--store";
        all[args.length + 2] = store.toString();
        return Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), all);
    }

    private String out(String... args) {
        StringWriter out = new StringWriter();
        assertEquals(0, Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args), err::toString);
        return out.toString();
    }

    @Test
    void runHelpAndTheWorkloadsCommandNameEveryDeclaredOptionWithItsDefault() {
        String help = out("run", "--help").replaceAll("\\s+", ""); // picocli may wrap a line inside "0.8"
        String listing = out("workloads");
        for (WorkloadKind k : WorkloadKind.values()) {
            for (WorkloadOption o : k.options().options()) {
                assertTrue(help.contains(o.withItsDefault().replaceAll("\\s+", "")), "run --help lacks " + k.workloadName() + " " + o.withItsDefault());
                assertTrue(listing.contains("--workload-option " + o.withItsDefault() + ": " + o.meaning() + " (" + o.type().accepted() + ")"),
                        k.workloadName() + " " + o.key() + ": " + listing);
            }
        }
        assertTrue(help.contains("group:commit=after,commit-epoch=false,churn-seconds=8,crash-rate=0.5,group-protocol;"), help);
        assertTrue(help.contains("share:accept=0.8,") && help.contains("churn-seconds=10"), help);
        assertTrue(out("workloads", "--markdown").equals(WorkloadOptionTable.markdown()));
    }

    @Test
    void docsWorkloadsTableIsTheDeclaredOptions() {
        assertEquals(WorkloadOptionTable.markdown(), GeneratedBlocks.block("docs/workloads.md", "workload-options", "all"),
                "docs/workloads.md's option table differs from the workloads' declarations; paste `kchaos workloads --markdown`");
    }

    @Test
    void theTableHasARowForEveryOptionOfEveryWorkload() {
        String table = WorkloadOptionTable.markdown();
        int rows = 0;
        for (WorkloadKind k : WorkloadKind.values()) {
            for (WorkloadOption o : k.options().options()) {
                rows++;
                assertTrue(table.contains("| `" + k.workloadName() + "` | `" + o.key() + "` |"), k.workloadName() + " " + o.key());
            }
        }
        assertEquals(rows + 2, table.lines().count(), table);
    }

    @Test
    void anUnknownKeyIsOneLineNamingItAndTheKnownOnesAndExit2(@TempDir Path store) throws IOException {
        assertEquals(2, run(store, "--workload-option", "in-flite=4"));
        assertOneLine("unknown option 'in-flite' for workload queue; known: idle-partitions, in-flight, topics");
        assertTrue(isEmpty(store), "nothing ran");
    }

    @Test
    void aKeyOfAnotherWorkloadIsRefused(@TempDir Path store) throws IOException {
        assertEquals(2, run(store, "--workload", "txn", "--workload-option", "commit=ahead"));
        assertOneLine("unknown option 'commit' for workload txn; known: abort-rate, max-sends, poll-rate, producer-lifetime, send-rounds, stall-at-epoch, stall-ms, stall-then");
        assertTrue(isEmpty(store), "nothing ran");
    }

    @Test
    void aBadValueIsOneLineNamingTheKeyAndWhatItAcceptsAndExit2(@TempDir Path store) throws IOException {
        assertEquals(2, run(store, "--workload", "group", "--workload-option", "commit=before"));
        assertOneLine("group option commit must be one of [after, ahead, auto], not 'before'");
        assertEquals(2, run(store, "--workload", "txn", "--workload-option", "abort-rate=2"));
        assertOneLine("txn option abort-rate must be a number from 0.0 to 1.0, not '2'");
        assertTrue(isEmpty(store), "nothing ran");
    }

    @Test
    void valueBytesIsAQueueOptionOfBoundedSize(@TempDir Path store) throws IOException {
        assertEquals(2, run(store, "--workload-option", "value-bytes=1000001"));
        assertOneLine("queue option value-bytes must be a whole number from 0 to 1000000, not '1000001'");
        assertEquals(2, run(store, "--workload", "txn", "--workload-option", "value-bytes=4096"));
        assertOneLine("unknown option 'value-bytes' for workload txn");
        assertTrue(isEmpty(store), "nothing ran");
    }

    @Test
    void aScenarioFilesBadOptionIsOneLineNamingTheFileAndExit2(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("s.json");
        Files.writeString(f, "{\"workload\": \"share\", \"workload-options\": {\"lock-ms\": 10}}");
        Path store = Files.createDirectories(dir.resolve("store"));
        assertEquals(2, run(store, "--scenario", f.toString()));
        assertOneLine("scenario " + f + ": field 'workload-options': share option lock-ms must be a number from 1000.0 to 3600000.0, not '10'");
        assertTrue(isEmpty(store), "nothing ran");
    }

    private void assertOneLine(String mustContain) {
        String e = err.toString();
        err.getBuffer().setLength(0);
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertEquals(1, e.strip().lines().count(), e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.findAny().isEmpty();
        }
    }
}
