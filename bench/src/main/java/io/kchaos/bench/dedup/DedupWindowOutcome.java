package io.kchaos.bench.dedup;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One release's answer from {@link DedupWindowProbe}: which retried batches its broker recognises as duplicates before
 * and after the snapshot round trip of a restart, and whether that release is affected (a retry recognised before the
 * restart is refused as out of order after it).
 */
public record DedupWindowOutcome(String release, String storageJar, String windowBefore, String windowAfter,
                                 String retryBefore, String retryAfter) {

    /** Reads the probe's line of tab-separated {@code key=value} fields; throws IllegalArgumentException when one is missing. */
    public static DedupWindowOutcome parse(String release, String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : line.strip().split("\t")) {
            int eq = field.indexOf('=');
            if (eq > 0) fields.put(field.substring(0, eq), field.substring(eq + 1));
        }
        return new DedupWindowOutcome(release, required(fields, "storage-jar", line), required(fields, "window-before", line),
                required(fields, "window-after", line), required(fields, "retry-before", line), required(fields, "retry-after", line));
    }

    private static String required(Map<String, String> fields, String key, String line) {
        String v = fields.get(key);
        if (v == null) throw new IllegalArgumentException("the probe's output has no " + key + ": " + line);
        return v;
    }

    /** The finding holds: the retry was a duplicate before the restart and is refused as out of order after it. */
    public boolean affected() {
        return retryBefore.startsWith("DUPLICATE@") && retryAfter.startsWith("OUT_OF_ORDER_SEQUENCE_NUMBER");
    }

    /** One row of the write-up's table. */
    public String tableRow() {
        return "| " + release + " | " + storageJar + " | " + windowBefore + " | " + windowAfter + " | " + shortAnswer(retryBefore)
                + " | " + shortAnswer(retryAfter) + " | " + (affected() ? "**affected**" : "not affected") + " |";
    }

    /** The table's header, matching {@link #tableRow()}. */
    public static String tableHeader() {
        return "| release | jar that ran | batches recognised as duplicates before the restart (sequences) | after it | retry of sequence "
                + DedupWindowProbe.RETRIED_SEQUENCE + " before | after | |\n|---|---|---|---|---|---|---|";
    }

    private static String shortAnswer(String answer) {
        int paren = answer.indexOf('(');
        return "`" + (paren > 0 ? answer.substring(0, paren) : answer) + "`";
    }
}
