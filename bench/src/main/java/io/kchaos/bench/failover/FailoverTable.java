package io.kchaos.bench.failover;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints the controller failover times of many runs as one markdown table, a row per run and fault kind (docs/format.md,
 * "Controller failovers"): {@code bench/failover-table RUN_FOLDER...}; exit 2 with one line on bad input.
 */
public final class FailoverTable {
    static final String HEADER = "| run | kafka | fault | count | median-s | max-s | failovers/faults |";

    private FailoverTable() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command, printing the table to {@code out} or one line to {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0 || args[0].startsWith("-")) throw new IllegalArgumentException("usage: bench/failover-table RUN_FOLDER...");
            List<RunFailovers.Row> rows = new ArrayList<>();
            for (String a : args) rows.addAll(RunFailovers.read(Path.of(a)));
            out.println(HEADER);
            out.println("|---|---|---|---:|---:|---:|---:|");
            for (RunFailovers.Row r : rows) {
                out.println("| " + String.join(" | ", r.run(), r.kafka(), r.fault(), String.valueOf(r.faults()), seconds(r.medianS()),
                        seconds(r.maxS()), r.failovers() + "/" + r.faults()) + " |");
            }
            return 0;
        } catch (RuntimeException e) { // bad input, or a file no one foresaw: one line, never a stack trace
            err.println("failover-table: " + e.getMessage());
            return 2;
        }
    }

    private static String seconds(JsonNode s) {
        return s.isNumber() ? s.asText() : "—";
    }
}
