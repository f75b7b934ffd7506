package io.kchaos.history;

/**
 * The version of kchaos's file formats (docs/format.md): written as {@code "format"} into run.json and results.json.
 * Adding an optional field, an op name, an anomaly key or a stats figure keeps the version; removing or renaming a
 * field, or changing a field's type or meaning, raises it.
 */
public final class FormatVersion {
    /** The format this build writes and reads. */
    public static final int CURRENT = 1;
    /** The field that carries it. */
    public static final String FIELD = "format";

    private FormatVersion() {
    }
}
