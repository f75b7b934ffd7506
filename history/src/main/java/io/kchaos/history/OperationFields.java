package io.kchaos.history;

/**
 * The field names of the planned-operation nemesis ops' values that their writers and readers share (docs/format.md,
 * "Nemesis ops": {@code elect-leaders}, {@code alter-config}, {@code throttled-reassign}, {@code move-log-dir}, {@code remove-voter},
 * {@code add-voter}, {@code grow-voter} and {@code shrink-voter}): the one place they are spelled.
 */
public final class OperationFields {
    /** elect-leaders: {@code preferred} or {@code unclean}, and the partitions asked for. */
    public static final String ELECTION = "election";
    public static final String PARTITIONS = "partitions";
    /** elect-leaders: each partition's leader read back before the request and after it (null: none). */
    public static final String LEADERS_BEFORE = "leaders-before";
    public static final String LEADERS_AFTER = "leaders-after";
    /** elect-leaders, unclean: each partition's ISR read back before the request (the new leader must lie outside it). */
    public static final String ISR_BEFORE = "isr-before";
    /** elect-leaders: what Kafka answered for each partition ({@code ok} or the error's class name). */
    public static final String RESULTS = "results";
    /** elect-leaders: how many partitions' leaders changed, read back (0: the election moved nothing), and which. */
    public static final String ELECTED = "elected";
    public static final String ELECTED_PARTITIONS = "elected-partitions";
    /** alter-config and restore-config: the topic config changed, its value before and the value set. */
    public static final String CONFIG = "config";
    public static final String FROM = "from";
    public static final String TO = "to";
    /** alter-config and restore-config: whether the topic had its own value before (false: it used the broker's). */
    public static final String FROM_OVERRIDE = "from-override";
    /** a throttled reassignment (reassign, throttled-reassign): the replication throttle it moves under, bytes a second. */
    public static final String THROTTLE_BYTES = "throttle-bytes";
    /** alter-config and restore-config: the brokers that reported the value set (every broker hosting the topic). */
    public static final String REPORTED_BY = "reported-by";
    /** move-log-dir and restore-log-dir: the partition whose replica moves (its broker is the op's node; from and to are dirs). */
    public static final String PARTITION = "partition";
    /** remove-voter, add-voter, grow-voter and shrink-voter: the voter's directory id (KIP-853), and the voter ids read back before and after. */
    public static final String DIRECTORY_ID = "directory-id";
    public static final String VOTERS_BEFORE = "voters-before";
    public static final String VOTERS_AFTER = "voters-after";

    private OperationFields() {
    }
}
