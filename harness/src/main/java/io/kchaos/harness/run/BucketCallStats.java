package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.Tiered;
import io.kchaos.tiered.BucketLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * {@code stats.tiered}: what a tiered run's brokers did on their bucket, counted from its call logs
 * ({@code calls-<broker id>.log}, one line a call: {@code <epoch ms> <op> <topic>-<partition> <segment id> <outcome> <detail>}).
 */
final class BucketCallStats {

    private BucketCallStats() {
    }

    /** The figures of every call log in {@code bucket}, per broker and in total; all zero for a bucket with none. */
    static ObjectNode read(Path bucket) {
        Map<String, Counts> byBroker = new TreeMap<>();
        Counts total = new Counts();
        try (Stream<Path> files = Files.list(bucket)) {
            for (Path f : files.sorted().toList()) {
                Matcher m = BucketLayout.CALL_LOG.matcher(f.getFileName().toString());
                if (!m.matches()) continue;
                Counts broker = byBroker.computeIfAbsent(m.group(1), k -> new Counts());
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) continue;
                    broker.add(line);
                    total.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the call logs of " + bucket + ": " + e.getMessage(), e);
        }
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
