package io.kchaos.harness.run;

import io.kchaos.tiered.BucketLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * The storage manager's call logs in a tiered run's bucket ({@code calls-<broker id>.log}, one line a call:
 * {@code <epoch ms> <op> <topic>-<partition> <segment id> <outcome> <detail>}), read once, line by line, for whoever
 * judges or counts them.
 */
final class BucketCallLogs {
    private BucketCallLogs() {
    }

    /** Gives every non-blank line of every call log in {@code bucket} to {@code each}, with its broker id, file by file in name order. */
    static void forEachLine(Path bucket, BiConsumer<String, String> each) {
        try (Stream<Path> files = Files.list(bucket)) {
            for (Path f : files.sorted().toList()) {
                Matcher m = BucketLayout.CALL_LOG.matcher(f.getFileName().toString());
                if (!m.matches()) continue;
                try (Stream<String> lines = Files.lines(f, StandardCharsets.UTF_8)) {
                    lines.filter(l -> !l.isBlank()).forEach(l -> each.accept(m.group(1), l));
                }
            }
        } catch (IOException e) {
            throw unreadable(bucket, e);
        } catch (UncheckedIOException e) { // a line that is not UTF-8, met while streaming
            throw unreadable(bucket, e.getCause());
        }
    }

    private static UncheckedIOException unreadable(Path bucket, IOException e) {
        return new UncheckedIOException("cannot read the call logs of " + bucket + ": " + e.getMessage(), e);
    }
}
