package io.kchaos.history;

/**
 * The field names of the metadata workload's op values (docs/format.md, metadata ops): the one place its writer and
 * its checker take them from.
 */
public final class MetadataFields {
    /** The topic an admin op acts on; also the keys of a read's {@link #TOPICS}. */
    public static final String TOPIC = "topic";
    /** A topic's partition count: asked for by create-topic and create-partitions, served in a read. */
    public static final String PARTITIONS = "partitions";
    public static final String REPLICATION_FACTOR = "replication-factor";
    /** alter-config: the topic config key set and its value. */
    public static final String KEY = "key";
    public static final String VALUE = "value";
    /** metadata-quorum: the quorum leader, its epoch, the high watermark and each replica's log end offset by node id. */
    public static final String LEADER = "leader";
    public static final String LEADER_EPOCH = "leader-epoch";
    public static final String HIGH_WATERMARK = "high-watermark";
    public static final String VOTERS = "voters";
    public static final String OBSERVERS = "observers";
    /** metadata-read: the broker read, the offset it had to reach, the offset of the image it had published, what it served. */
    public static final String NODE = "node";
    public static final String TARGET_OFFSET = "target-offset";
    public static final String OFFSET = "offset";
    public static final String TOPICS = "topics";
    /** metadata-brokers: how many brokers the cluster spec has, and the brokers listed at the start (node id to host:port). */
    public static final String EXPECTED = "expected";
    public static final String BROKERS = "brokers";
    /** A served topic's id and configs. */
    public static final String ID = "id";
    public static final String CONFIGS = "configs";

    private MetadataFields() {
    }
}
