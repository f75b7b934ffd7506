package io.kchaos.harness.run;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.Tiered;
import io.kchaos.tiered.BucketLayout;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Stream;

/**
 * The remote tier's side of the replica audit: every segment of the workload's topic that a broker copied to the bucket
 * (a {@code copy ok} line of its call log) and that no broker began to delete (no {@code delete} line at all, a
 * {@code started} intent included) must still be in the bucket ({@code <topic>-<partition>/<segment id>/segment.log});
 * one that is not is {@code remote-segment-lost}.
 */
final class RemoteTierAudit {
    private RemoteTierAudit() {
    }

    /** A segment copied: which partition folder, by whom, when, how many bytes. */
    private record Copy(String partition, String segment, String broker, long atMs, String bytes) {
    }

    /** The audit of {@code bucket} for {@code topic}'s partitions; how many segments it looked for goes into {@code tieredStats}. */
    static CheckResult of(Path bucket, String topic, ObjectNode tieredStats) {
        Map<String, Copy> copied = new LinkedHashMap<>();
        Set<String> deleteAsked = new HashSet<>();
        try (Stream<Path> files = Files.list(bucket)) {
            for (Path f : files.sorted().toList()) {
                Matcher m = BucketLayout.CALL_LOG.matcher(f.getFileName().toString());
                if (!m.matches()) continue;
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    String[] c = line.strip().split(" ", 6);
                    if (c.length < 5 || !c[2].startsWith(topic + "-")) continue;
                    if (c[1].equals("delete")) deleteAsked.add(c[3]);
                    else if (c[1].equals("copy") && c[4].equals("ok") && c[0].chars().allMatch(Character::isDigit)) {
                        copied.putIfAbsent(c[3], new Copy(c[2], c[3], m.group(1), Long.parseLong(c[0]), c.length > 5 ? c[5].split(" ")[0] : "?"));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the call logs of " + bucket + ": " + e.getMessage(), e);
        }
        CheckResult r = new CheckResult();
        int audited = 0;
        for (Copy c : copied.values()) {
            if (deleteAsked.contains(c.segment())) continue;
            audited++;
            if (Files.isRegularFile(bucket.resolve(c.partition()).resolve(c.segment()).resolve(BucketLayout.SEGMENT_LOG))) continue;
            ObjectNode e = Json.object();
            e.put("partition", c.partition());
            e.put("segment-id", c.segment());
            e.put("copied-by", c.broker());
            e.put("copied-at-ms", c.atMs());
            e.put("bytes", c.bytes());
            r.anomaly(Anomalies.REMOTE_SEGMENT_LOST.key(), e);
        }
        tieredStats.put(Tiered.SEGMENTS_AUDITED, audited);
        return r;
    }
}
