package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.Tiered;
import io.kchaos.tiered.BucketLayout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code stats.tiered}: what a tiered run's brokers did on their bucket, counted from its call logs
 * ({@code calls-<broker id>.log}, one line a call: {@code <epoch ms> <op> <topic>-<partition> <segment id> <outcome> <detail>}).
 */
final class BucketCallStats {
    private final Map<String, Counts> byBroker = new TreeMap<>();
    private final Counts total = new Counts();

    /** The figures of every call log in {@code bucket}, per broker and in total; all zero for a bucket with none. */
    static ObjectNode read(Path bucket) {
        BucketCallStats stats = new BucketCallStats();
        BucketCallLogs.forEachLine(bucket, stats::add);
        return stats.toJson();
    }

    /** Counts one line of broker {@code broker}'s call log. */
    void add(String broker, String line) {
        byBroker.computeIfAbsent(broker, k -> new Counts()).add(line);
        total.add(line);
    }

    /** The figures so far, per broker and in total. */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.set(Tiered.TOTAL, total.toJson());
        ObjectNode brokers = o.putObject(Tiered.BROKERS);
        byBroker.forEach((id, c) -> brokers.set(id, c.toJson()));
        o.put(Tiered.READS_FROM_REMOTE, total.segmentFetches);
        if (total.unreadable > 0) o.put(Tiered.UNREADABLE_LINES, total.unreadable);
        return o;
    }

    /** The calls of one log, or of all. */
    private static final class Counts {
        private static final List<String> OUTCOMES = List.of("ok", "missing", "failed", BucketLayout.STARTED);
        long copies;
        long segmentFetches;
        long indexFetches;
        long deletes;
        long missing;
        long failures;
        long injectedFailures;
        long injectedDelays;
        long unreadable;

        void add(String line) {
            String[] f = line.strip().split(" ", 6);
            if (f.length < 5 || !f[0].chars().allMatch(Character::isDigit) || !OUTCOMES.contains(f[4])) {
                unreadable++;
                return;
            }
            if (f[4].equals(BucketLayout.STARTED)) return; // a delete's intent, counted when it ends
            String detail = f.length > 5 ? f[5] : "";
            if (detail.contains(BucketLayout.INJECTED_DELAY)) injectedDelays++;
            switch (f[4]) {
                case "missing" -> missing++;
                case "failed" -> {
                    if (detail.equals(BucketLayout.INJECTED)) injectedFailures++;
                    else failures++;
                }
                default -> {
                    switch (f[1]) {
                        case "copy" -> copies++;
                        case "fetch-log" -> segmentFetches++;
                        case "fetch-index" -> indexFetches++;
                        case "delete" -> deletes++;
                        default -> unreadable++;
                    }
                }
            }
        }

        ObjectNode toJson() {
            ObjectNode o = Json.object();
            o.put(Tiered.COPIES, copies);
            o.put(Tiered.SEGMENT_FETCHES, segmentFetches);
            o.put(Tiered.INDEX_FETCHES, indexFetches);
            o.put(Tiered.DELETES, deletes);
            o.put(Tiered.MISSING, missing);
            o.put(Tiered.FAILURES, failures);
            o.put(Tiered.INJECTED_FAILURES, injectedFailures);
            o.put(Tiered.INJECTED_DELAYS, injectedDelays);
            return o;
        }
    }
}
