package io.kchaos.harness.run;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a run keeps of its brokers' data directories once judged ({@code --keep-data}): everything, or everything only
 * after a run that was not VALID, a VALID one's segments being replaced by replica digests ({@link EvidencePruning}).
 */
public enum KeepData {
    /** Every broker file, whatever the verdict (as before issue 41). */
    ALL,
    /** Everything after an INVALID, UNKNOWN or interrupted run; after a VALID one, what the audits need. */
    FAILING;

    /** The name on the command line, in scenarios and in run.json. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code text}; IllegalArgumentException (one line) for another. */
    public static KeepData parse(String text) {
        for (KeepData k : values()) if (k.wire().equals(text)) return k;
        throw new IllegalArgumentException("unknown --keep-data '" + text + "'; known: "
                + Arrays.stream(values()).map(KeepData::wire).collect(Collectors.joining(", ")));
    }
}
