package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `kchaos bugs`: bad input is one line on stderr and exit 2, before any folder is made; `--list` prints the catalogue. */
class BugsCommandTest {
    private final StringWriter err = new StringWriter();

    private void refused(Path store, String mustContain, String... args) throws Exception {
        err.getBuffer().setLength(0);
        String[] all = new String[args.length + 3];
        all[0] = "bugs";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--store";
        all[args.length + 2] = store.toString();
        assertEquals(2, Main.execute(new PrintWriter(err, true), all), String.join(" ", args));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertEquals(1, e.strip().lines().count(), e);
        assertFalse(Files.exists(store), "nothing written");
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path tmp) throws Exception {
        Path store = tmp.resolve("store");
        refused(store, "Kafka version '3.9' must look like X.Y.Z", "--kafka-version", "3.9");
        refused(store, "Kafka 3.5.1 is not supported", "--kafka-version", "3.9.1,3.5.1");
        refused(store, "--bug 'KIP-1' is not in the catalogue; known: KIP-966,", "--kafka-version", "3.9.1", "--bug", "KIP-1");
        refused(store, "--kafka-version names 3.9.1 twice", "--kafka-version", "3.9.1,3.9.1");
        refused(store, "give --kafka-version", "--bug", "KIP-966");
    }

    @Test
    void theListingShowsTheSelectedEntries() {
        String list = BugsCommand.listing(io.kchaos.harness.bugs.BugCatalogue.select(io.kchaos.harness.bugs.BugCatalogue.shipped(),
                java.util.List.of("KAFKA-16541", "KAFKA-15375")));
        assertTrue(list.startsWith("id           kind  affected       confirm fixed  scenario                exposed by             tries  budget  seed\n"
                + "KAFKA-16541  bug   [3.7.0,3.8.0)  -              epoch-checkpoint-crash  epoch-entries-missing  5      600 s   31\n"
                + "KAFKA-15375  bug   (,3.5.2)       -              -                       -                      -      -       random\n"), list);
        assertTrue(list.contains("KAFKA-15375: A fatal error during broker start-up"), list);
        assertTrue(list.contains("    not runnable here: "), list);
        assertFalse(list.contains("KIP-966"));
    }
}
