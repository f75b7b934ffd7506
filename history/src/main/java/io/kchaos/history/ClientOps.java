package io.kchaos.history;

import java.util.Set;

/** The {@code f} names of the workloads' client ops (docs/format.md): the one place the writers and the checkers take them from. */
public final class ClientOps {
    // queue workload (and every workload's sends, reads and final drain)
    public static final String SEND = "send";
    public static final String POLL = "poll";
    public static final String DRAIN = "drain";
    // txn workload
    public static final String TXN = "txn";
    /** One attempt to initialize a transactional producer ({@code initTransactions}, InitProducerId). */
    public static final String TXN_INIT = "txn-init";
    /** The txn workload's op names. */
    public static final Set<String> TXN_OPS = Set.of(TXN, TXN_INIT);
    // group workload
    public static final String SUBSCRIBE = "subscribe";
    public static final String COMMIT = "commit";
    public static final String COMMITTED = "committed";
    public static final String CLOSE = "close";
    public static final String CRASH = "crash";
    public static final String RESET = "reset";
    public static final String CATCH_UP = "catch-up";
    // share-group workload (KIP-932)
    public static final String SHARE_SUBSCRIBE = "share-subscribe";
    public static final String SHARE_POLL = "share-poll";
    public static final String SHARE_ACK = "share-ack";
    public static final String SHARE_CLOSE = "share-close";
    public static final String SHARE_CRASH = "share-crash";
    public static final String SHARE_CATCH_UP = "share-catch-up";
    /** The share-group workload's op names. */
    public static final Set<String> SHARE = Set.of(SHARE_SUBSCRIBE, SHARE_POLL, SHARE_ACK, SHARE_CLOSE, SHARE_CRASH, SHARE_CATCH_UP);

    // metadata workload (admin operations, the quorum's offsets, the final read from every broker)
    public static final String CREATE_TOPIC = "create-topic";
    public static final String DELETE_TOPIC = "delete-topic";
    public static final String CREATE_PARTITIONS = "create-partitions";
    public static final String ALTER_CONFIG = "alter-config";
    public static final String METADATA_QUORUM = "metadata-quorum";
    public static final String METADATA_READ = "metadata-read";
    /** The brokers the metadata workload found at its start: the ones its final read must read. */
    public static final String METADATA_BROKERS = "metadata-brokers";
    /** The admin operations of the metadata workload: the changes its checker judges. */
    public static final Set<String> ADMIN = Set.of(CREATE_TOPIC, DELETE_TOPIC, CREATE_PARTITIONS, ALTER_CONFIG);
    /** The metadata workload's op names. */
    public static final Set<String> METADATA = Set.of(CREATE_TOPIC, DELETE_TOPIC, CREATE_PARTITIONS, ALTER_CONFIG,
            METADATA_QUORUM, METADATA_READ, METADATA_BROKERS);

    // acl workload (grants and revocations of a probe principal's rights, and each broker's answer to that principal)
    public static final String ACL_CHANGE = "acl-change";
    public static final String ACL_PROBE = "acl-probe";
    /** The acl workload's op names. */
    public static final Set<String> ACL = Set.of(ACL_CHANGE, ACL_PROBE);

    /** Every client op name: a history's client ops use no other. */
    public static final Set<String> ALL = Set.of(SEND, POLL, DRAIN, TXN, TXN_INIT, SUBSCRIBE, COMMIT, COMMITTED, CLOSE, CRASH, RESET, CATCH_UP,
            SHARE_SUBSCRIBE, SHARE_POLL, SHARE_ACK, SHARE_CLOSE, SHARE_CRASH, SHARE_CATCH_UP,
            CREATE_TOPIC, DELETE_TOPIC, CREATE_PARTITIONS, ALTER_CONFIG, METADATA_QUORUM, METADATA_READ, METADATA_BROKERS,
            ACL_CHANGE, ACL_PROBE);

    private ClientOps() {
    }
}
