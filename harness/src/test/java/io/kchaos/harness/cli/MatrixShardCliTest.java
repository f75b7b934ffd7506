package io.kchaos.harness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code kchaos matrix --shard}: a bad K/N is one line on stderr and exit 2, before any folder is made or any run started. */
class MatrixShardCliTest {
    @Test
    void badShardsAreOneLineAndExit2(@TempDir Path tmp) {
        Path store = tmp.resolve("store");
        for (String bad : List.of("0/3", "4/3", "x", "1/0")) {
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(err, true), "matrix", "--scenario", "safe-default", "--set", "acks=1,all",
                    "--store", store.toString(), "--shard", bad);
            assertEquals(2, exit, bad);
            String e = err.toString();
            assertTrue(e.startsWith("kchaos: ") && e.contains("--shard '" + bad + "' must look like K/N with whole numbers 1 <= K <= N"), e);
            assertEquals(1, e.strip().lines().count(), e);
            assertFalse(Files.exists(store), "nothing written");
        }
    }
}
