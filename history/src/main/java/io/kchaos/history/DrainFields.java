package io.kchaos.history;

/**
 * The field names of the {@code drain} op's value (docs/format.md, queue ops) that the drain writes and the checkers
 * read: the one place they are spelled.
 */
public final class DrainFields {
    /** Partition number to the end offset (high watermark) the drain read the partition completely up to. */
    public static final String END_OFFSETS = "end-offsets";
    /** Partition number to the log start offset the drain began a partition it read completely at. */
    public static final String START_OFFSETS = "start-offsets";
    /**
     * The last drain op only: partition number to where the drain stopped in each partition it did not read completely,
     * an object of {@link #POSITION}, {@link #END_OFFSET}, {@link #ERROR}, {@link #STALLED_MS} and {@link #LEADER}.
     */
    public static final String UNFINISHED = "unfinished";
    /** The consumer's position in the partition when the drain ended: the first offset it did not read. */
    public static final String POSITION = "position";
    /** The end offset (high watermark) the drain read the partition's end offset as when it began. */
    public static final String END_OFFSET = "end-offset";
    /** The error naming the partition that stopped the drain there (e.g. a record it could not read), or null. */
    public static final String ERROR = "error";
    /** How long the position had not moved when the drain ended, in milliseconds. */
    public static final String STALLED_MS = "stalled-ms";
    /** The partition's leader in the metadata read when the drain ended (null: none); absent when it could not be read. */
    public static final String LEADER = "leader";

    private DrainFields() {
    }
}
