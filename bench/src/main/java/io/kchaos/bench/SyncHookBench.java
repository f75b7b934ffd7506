package io.kchaos.bench;

import io.kchaos.agent.SyncHooks;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the sync tracking adds to one fsync: appends 1 KiB and forces, N times directly and N times through
 * {@link SyncHooks#force}, alternating in rounds, and prints the mean microseconds of each. Run with
 * {@code java --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED -cp bench/target/kchaos-bench.jar
 * io.kchaos.bench.SyncHookBench [N] [DIR] [JOURNAL-DIR]}.
 */
public final class SyncHookBench {
    private SyncHookBench() {
    }

    public static void main(String[] args) throws IOException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Path dir = Files.createTempDirectory(args.length > 1 ? Path.of(args[1]) : Path.of(System.getProperty("java.io.tmpdir")), "sync-bench");
        Path journal = args.length > 2 ? Files.createTempFile(Path.of(args[2]), "sync-bench", ".journal") : dir.resolve("journal");
        SyncHooks.journalTo(journal);
        long direct = 0;
        long hooked = 0;
        long bookkeeping;
        try (FileChannel ch = FileChannel.open(dir.resolve("segment"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            for (int round = 0; round < 10; round++) {
                direct += forces(ch, n / 10, false);
                hooked += forces(ch, n / 10, true);
            }
            SyncHooks.journalTo(dir.resolve("scratch-journal"));
            long t0 = System.nanoTime();
            for (int i = 0; i < 10 * n; i++) SyncHooks.journalSynced(ch);
            bookkeeping = System.nanoTime() - t0;
        }
        System.out.printf("fsync of a 1 KiB append: %.1f us direct, %.1f us with the sync hook (%d each); "
                + "the hook's own work (identify the file, append the journal line): %.1f us%n",
                direct / 1e3 / n, hooked / 1e3 / n, n, bookkeeping / 1e3 / (10 * n));
        try (var files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
        }
        Files.delete(dir);
        Files.deleteIfExists(journal);
    }

    private static long forces(FileChannel ch, int n, boolean hook) throws IOException {
        ByteBuffer kib = ByteBuffer.allocate(1024);
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            kib.clear();
            ch.write(kib);
            if (hook) SyncHooks.force(ch, false);
            else ch.force(false);
        }
        return System.nanoTime() - t0;
    }
}
