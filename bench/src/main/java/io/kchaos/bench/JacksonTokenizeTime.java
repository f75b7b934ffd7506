package io.kchaos.bench;

import com.fasterxml.jackson.core.JsonParser;
import io.kchaos.history.Json;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor a history check is compared with: the time Jackson's streaming parser needs just to tokenize a
 * history.jsonl file (every token of every line, no objects built), wall and process CPU seconds.
 */
final class JacksonTokenizeTime {
    private JacksonTokenizeTime() {
    }

    /** {wall seconds, process CPU seconds} to tokenize the file once. */
    static double[] measure(Path file) throws IOException {
        long t0 = System.nanoTime();
        long cpu0 = processCpuNanos();
        long tokens = 0;
        try (InputStream in = Files.newInputStream(file); JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
            while (p.nextToken() != null) tokens++;
        }
        if (tokens == 0) throw new IOException("no JSON tokens in " + file);
        return new double[] {(System.nanoTime() - t0) / 1e9, (processCpuNanos() - cpu0) / 1e9};
    }

    /** CPU time of the whole process (all threads, JIT and GC included). */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
