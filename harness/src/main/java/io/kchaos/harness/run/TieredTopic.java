package io.kchaos.harness.run;

import io.kchaos.history.folder.RunFields;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The topic configs of a tiered run's workload topic ({@code --tiered}): remote storage on, and segments small and
 * short-lived enough that closed ones are copied to the bucket and deleted locally within a run. Retention
 * ({@code retention.ms}, {@code retention.bytes}) stays at the topic defaults, so nothing is deleted for good.
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

    /** The configs, in the order they are set. */
    public static final Map<String, String> CONFIG;

    static {
        Map<String, String> c = new LinkedHashMap<>();
        c.put(REMOTE_STORAGE_ENABLE, "true");
        c.put(RunFields.Retention.SEGMENT_BYTES, SEGMENT_BYTES);
        c.put(RunFields.Retention.SEGMENT_MS, SEGMENT_MS);
        c.put(LOCAL_RETENTION_MS, LOCAL_RETENTION);
        CONFIG = Collections.unmodifiableMap(c);
    }

    private TieredTopic() {
    }

    /** The configs as {@code key=value, ...}, for help texts. */
    public static String describe() {
        return String.join(", ", CONFIG.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
