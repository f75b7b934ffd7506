package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The topic configs of a tiered run's workload topic ({@code --tiered}): remote storage on, segments small and
 * short-lived enough that closed ones are copied to the bucket and deleted locally within a run, and a retention short
 * enough that the oldest are deleted from the bucket too before a two-minute run ends (their acknowledged writes are
 * then judged against that retention: {@code expired}, or {@code premature-deletion} when it could not have applied).
 */
public final class TieredTopic {
    public static final String REMOTE_STORAGE_ENABLE = "remote.storage.enable";
    public static final String LOCAL_RETENTION_MS = "local.retention.ms";
    /** The smallest {@code segment.bytes} Kafka 4.x accepts (3.9 accepts 14 and up). */
    static final String SEGMENT_BYTES = "1048576";
    /** A segment rolls after 10 s of writes even when small, so a slow run still closes segments. */
    static final String SEGMENT_MS = "10000";
    /** How long a copied segment stays local before the broker deletes it (its records then live in the bucket only). */
    static final String LOCAL_RETENTION = "5000";
    /**
     * How long a segment lives at all: 60 s after its newest record it is deleted from the bucket by the remote tier's
     * expiration task (every 30 s by Kafka's default), so remote deletes happen within a run; a run that must keep
     * every record gives {@code --topic-config retention.ms=-1}.
     */
    static final String RETENTION = "60000";

    /** The configs, in the order they are set. */
    public static final Map<String, String> CONFIG;

    static {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(REMOTE_STORAGE_ENABLE, "true");
        c.put(RunFields.Retention.SEGMENT_BYTES, SEGMENT_BYTES);
        c.put(RunFields.Retention.SEGMENT_MS, SEGMENT_MS);
        c.put(LOCAL_RETENTION_MS, LOCAL_RETENTION);
        c.put(RunFields.Retention.RETENTION_MS, RETENTION);
        CONFIG = Collections.unmodifiableMap(c);
    }

    private TieredTopic() {
    }

    /** The configs as {@code key=value, ...}, for help texts. */
    public static String describe() {
        return String.join(", ", CONFIG.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
