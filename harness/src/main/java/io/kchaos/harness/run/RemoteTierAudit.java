package io.kchaos.harness.run;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields.Tiered;
import io.kchaos.tiered.BucketLayout;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The remote tier's side of the replica audit: every segment of the workload's topic that a broker copied to the bucket
 * (a {@code copy ok} line of its call log) and that no broker began to delete (no {@code delete} line at all, a
 * {@code started} intent included) must still be in the bucket ({@code <topic>-<partition>/<segment id>/segment.log});
 * one that is not is {@code remote-segment-lost}.
 */
final class RemoteTierAudit {
    private final String topic;
    private final Map<String, Copy> copied = new LinkedHashMap<>();
    private final Set<String> deleteAsked = new HashSet<>();

    /** An audit of {@code topic}'s segments, fed the call logs' lines with {@link #add}. */
    RemoteTierAudit(String topic) {
        this.topic = topic;
    }

    /** A segment copied: which partition folder, by whom, when, how many bytes. */
    private record Copy(String partition, String segment, String broker, long atMs, String bytes) {
    }

    /** The audit of {@code bucket} for {@code topic}'s partitions; how many segments it looked for goes into {@code tieredStats}. */
    static CheckResult of(Path bucket, String topic, ObjectNode tieredStats) {
        RemoteTierAudit audit = new RemoteTierAudit(topic);
        BucketCallLogs.forEachLine(bucket, audit::add);
        return audit.judge(bucket, tieredStats);
    }

    /** Takes in one line of broker {@code broker}'s call log: a copy that succeeded, or any delete asked for. */
    void add(String broker, String line) {
        String[] c = line.strip().split(" ", 6);
        if (c.length < 5 || !c[2].startsWith(topic + "-")) return;
        if (c[1].equals("delete")) deleteAsked.add(c[3]);
        else if (c[1].equals("copy") && c[4].equals("ok") && c[0].chars().allMatch(Character::isDigit)) {
            copied.putIfAbsent(c[3], new Copy(c[2], c[3], broker, Long.parseLong(c[0]), c.length > 5 ? c[5].split(" ")[0] : "?"));
        }
    }

    /** Looks in {@code bucket} for every segment copied and never asked deleted; how many goes into {@code tieredStats}. */
    CheckResult judge(Path bucket, ObjectNode tieredStats) {
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
