package io.kchaos.checker.result;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The anomaly catalogue: every anomaly type kchaos reports, declared once. Checkers report these types, the report and
 * junit.xml print their definitions, {@code kchaos anomalies} lists them, {@code --expect} is checked against them, and
 * docs/format.md's anomaly tables are held equal to them by a test. A new anomaly is one entry here.
 */
public final class Anomalies {
    /** The checker names of the {@link AnomalyType#checker()} field. */
    public static final String QUEUE = "queue";
    public static final String TXN = "txn";
    public static final String GROUP = "group";
    public static final String SHARE = "share";
    public static final String METADATA = "metadata";
    public static final String ACL = "acl";
    public static final String REPLICA_AUDIT = "replica-audit";
    public static final String RAFT_AUDIT = "raft-audit";
    /** Every checker of the catalogue, in the order of the docs' tables. */
    public static final List<String> CHECKERS = List.of(QUEUE, TXN, GROUP, SHARE, METADATA, ACL, REPLICA_AUDIT, RAFT_AUDIT);

    private static final Map<String, AnomalyType> TYPES = new LinkedHashMap<>();
    private static final Set<String> CYCLES = new LinkedHashSet<>();

    // the client history, every workload (the queue checker's ledger; txn and group runs judge their sends with it too)
    public static final AnomalyType LOST_WRITE = client(QUEUE, "lost-write",
            "a send acknowledged at (p, o) that is gone: its value was never read although p was drained completely (and "
                    + "o is not below the log start offset the drain began at) or an offset of p above o was read; or it was read, but o is at or past the end of p's complete final drain "
                    + "(the log no longer reaches it)",
            "{\"partition\": 1, \"offset\": 3, \"value\": 7, \"index\": 41, \"process\": 2, \"time\": 5120000, "
                    + "\"drain-end-offset\": 912, \"drain-index\": 9001} (+ \"reads\" when it was read, "
                    + "\"highest-read-offset\" when a higher offset was read)");
    public static final AnomalyType PREMATURE_DELETION = client(QUEUE, "premature-deletion",
            "a send acknowledged at (p, o), never read, below the log start offset p's complete final drain began at, that "
                    + "the topic's retention policy (run.json's topic-retention, widened by live config changes) did not let "
                    + "go yet: by time, retention.ms is -1 or the time from its send's invocation to the drain op that saw "
                    + "the log start past o, plus the clock slack, is at most retention.ms; and by size, retention.bytes is -1 "
                    + "or (idempotent producers) the most bytes one record takes (256, plus the queue workload's value-bytes "
                    + "when its values were padded) times the most records any replica's log can have held above o is "
                    + "below retention.bytes. Otherwise, or with no policy recorded, it is expired (stats.expired)",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"index\": 260, \"send-time\": 5120000, \"log-start-offset\": 120, "
                    + "\"log-start-index\": 9001, \"log-start-time\": 70750242227, \"age-ms\": 8000, \"records-after-at-most\": 1200, "
                    + "\"record-bytes-at-most\": 256, \"bytes-after-at-most\": 307200, \"retention.ms\": 30000, \"retention.bytes\": -1, "
                    + "\"segment.bytes\": 1073741824, "
                    + "\"segment.ms\": 2000, \"idempotent-producers\": true, \"clock-slack-ms\": 5000}");
    public static final AnomalyType UNREADABLE_WRITE = client(QUEUE, "unreadable-write",
            "sends acknowledged at offsets of p that the final drain could not read: it stopped at offset s below the end "
                    + "offset e it aimed at, because the broker could not serve s (an error naming p, or s still for 30 s "
                    + "with a leader in place), and acknowledged writes lie in [s, e) that retention cannot have taken "
                    + "(the same drain without such proof leaves the verdict unknown); one case per partition",
            "{\"partition\": 1, \"first-offset\": 8191, \"last-offset\": 9120, \"writes\": 930, \"value\": 4411, \"index\": 20733, "
                    + "\"time\": 31200000000, \"read\": true, \"drain-position\": 8191, \"drain-end-offset\": 9121, "
                    + "\"drain-error\": null, \"stalled-ms\": 118000, \"drain-index\": 90211}");
    public static final AnomalyType INCONSISTENT_OFFSETS = client(QUEUE, "inconsistent-offsets",
            "one (partition, offset) holds two different values, counting acknowledgements and reads; or a value was "
                    + "acknowledged at one position and read only at others",
            "{\"partition\": 1, \"offset\": 3, \"values\": [7, 20], \"indexes\": [41, 77]}");
    public static final AnomalyType DUPLICATE = client(QUEUE, "duplicate",
            "one value is read at more than one (partition, offset) (an acknowledgement naming another offset than the "
                    + "read is inconsistent-offsets, not a duplicate)",
            "{\"value\": 7, \"reads\": [{\"partition\": 1, \"offset\": 3, \"index\": 50}, {\"partition\": 1, \"offset\": 9, \"index\": 88}]}");
    public static final AnomalyType G1A = client(QUEUE, "G1a",
            "a value whose send definitely failed (fail) was read: an aborted read",
            "{\"value\": 7, \"partition\": 1, \"offset\": 3, \"index\": 50, \"fail-index\": 41, \"process\": 2}");
    public static final AnomalyType NONMONOTONIC_SEND = client(QUEUE, "nonmonotonic-send",
            "a process's later acknowledged send to partition p got a lower offset than its earlier one",
            "{\"process\": 2, \"partition\": 1, \"offset\": 5, \"value\": 30, \"index\": 60, \"previous-offset\": 9, "
                    + "\"previous-value\": 28, \"previous-index\": 55}");
    public static final AnomalyType NONMONOTONIC_POLL = client(QUEUE, "nonmonotonic-poll",
            "a consumer process read an offset of p at or below one it had already read from p, with no seek in between",
            "same fields as nonmonotonic-send");
    public static final AnomalyType POLL_SKIP = client(QUEUE, "poll-skip",
            "a consumer process jumped from offset a to b > a+1 of p, while some offset strictly between them is known to "
                    + "hold a record",
            "{\"process\": 7, \"partition\": 1, \"offset\": 12, \"index\": 90, \"previous-offset\": 9, \"previous-index\": 80, "
                    + "\"skipped-offset\": 10, \"skipped-value\": 44, \"skipped-index\": 70}");
    public static final AnomalyType WRONG_TOPIC = client(QUEUE, "wrong-topic",
            "a value read from a topic other than the one its send named (a history whose sends and reads name topics)",
            "{\"value\": 7, \"sent-topic\": \"kchaos-queue-1\", \"read-topic\": \"kchaos-queue-2\", \"partition\": 4, "
                    + "\"offset\": 3, \"index\": 50, \"send-index\": 41, \"process\": 2}");

    // the txn workload (docs/history-txn-group.md)
    public static final AnomalyType TORN_TXN = client(TXN, "torn-txn",
            "a transaction proven committed (ok, or info with one of its values read) some of whose values were read and "
                    + "another not, although that one's partition was read completely past it",
            "{\"process\": 4, \"index\": 120, \"type\": \"info\", \"read\": [{\"value\": 12, \"partition\": 1, \"offset\": 40}], "
                    + "\"missing\": [{\"value\": 13, \"partition\": 0, \"offset\": 17, \"drain-end-offset\": 300}]}");
    public static final AnomalyType PRECOMMITTED_READ = client(TXN, "precommitted-read",
            "a transaction's own poll returned a value the same transaction sent (read_committed leaked its uncommitted write)",
            "{\"process\": 4, \"index\": 120, \"value\": 12, \"partition\": 1, \"offset\": 40}");
    public static final AnomalyType INT_NONMONOTONIC_SEND = client(TXN, "int-nonmonotonic-send",
            "within one transaction, of two consecutive sends to one partition the later got an offset at or below the earlier's",
            "{\"process\": 4, \"index\": 120, \"partition\": 1, \"values\": [12, 14], \"offsets\": [41, 40]}");
    public static final AnomalyType FENCED_WITHOUT_RIVAL = client(TXN, "fenced-without-rival",
            "a transaction failed with PRODUCER_FENCED (ProducerFencedException), which Kafka documents as another producer "
                    + "with the same transactional.id having started, while the history proves there was none: every earlier "
                    + "producer instance of that transactional.id had initialized (ran a transaction) and finished before this "
                    + "one's first transaction, and no later instance ran one before the fencing; a transaction held open "
                    + "past the transaction timeout (stalled-ms at least the producer's transaction.timeout.ms, recorded in "
                    + "the op, 10 s when not) is not judged: its coordinator's timeout abort fences it",
            "{\"transactional-id\": \"kchaos-txn-0\", \"producer-instance\": 0, \"process\": 4, \"index\": 120, "
                    + "\"type\": \"info\", \"error\": \"ProducerFencedException: There is a newer producer with the same "
                    + "transactionalId which fences the current one.\", \"producer-id\": 1000, \"producer-epoch\": 32766, "
                    + "\"invoke-index\": 117, \"open-ms\": 12}");
    public static final AnomalyType UNMAPPED_WITHOUT_RIVAL = client(TXN, "unmapped-without-rival",
            "a transaction failed with INVALID_PRODUCER_ID_MAPPING (InvalidPidMappingException), which Kafka documents as "
                    + "a producer id not currently assigned to its transactional.id, while the history proves no other "
                    + "producer of that transactional.id existed (as for fenced-without-rival): the producer id was handed "
                    + "to this producer by its coordinator (InitProducerId, or the new producer id of an EndTxn that "
                    + "exhausted the epochs) and only a newer producer's InitProducerId, or the transactional.id's "
                    + "expiry after transactional.id.expiration.ms (7 days) without a transaction, takes it away; a "
                    + "transaction held open past the transaction timeout is not judged",
            "{\"transactional-id\": \"kchaos-txn-0\", \"producer-instance\": 0, \"process\": 0, \"index\": 65540, "
                    + "\"type\": \"info\", \"error\": \"InvalidPidMappingException: The producer attempted to use a "
                    + "producer id which is not currently assigned to its transactional id.\", \"producer-id\": 1000, "
                    + "\"producer-epoch\": 32766, \"invoke-index\": 65533, \"open-ms\": 33012}");
    public static final AnomalyType TXN_FATAL_AFTER_TIMEOUT = client(TXN, "txn-fatal-after-timeout",
            "a transaction held open on purpose after its sends for at least the transaction timeout (stalled-ms at "
                    + "least the producer's transaction.timeout.ms, recorded in the op as transaction-timeout-ms; 10 s, "
                    + "the workload's, in histories without it), so that its coordinator may abort it and bump "
                    + "the epoch before its client's commit or abort arrives, whose commit or abort was then refused with "
                    + "INVALID_TXN_STATE (InvalidTxnStateException in its error), an error the client treats as fatal; "
                    + "Kafka answers an EndTxn that lost the race with the coordinator's timeout abort with "
                    + "PRODUCER_FENCED (transactions v1, and v2 since KAFKA-20785's fix), which tells the application to "
                    + "start a new producer, or carries it out when the abort has not come yet",
            "{\"transactional-id\": \"kchaos-txn-0\", \"producer-instance\": 0, \"process\": 4, \"index\": 120, "
                    + "\"type\": \"info\", \"abort\": false, \"stalled-ms\": 15003, \"transaction-timeout-ms\": 10000, "
                    + "\"error\": \"InvalidTxnStateException: "
                    + "The producer attempted a transactional operation in an invalid state.\", \"producer-id\": 1000, "
                    + "\"producer-epoch\": 21}");
    public static final AnomalyType TXN_ID_UNUSABLE = client(TXN, "txn-id-unusable",
            "a transactional.id that could no longer be initialized: its txn-init attempts since its last success (or "
                    + "since its first, without one) all failed or timed out to the end of the history, and one of them, "
                    + "refused (fail, the producer created), was invoked at least 30 s after the last fault healed (or after "
                    + "the first of them, when they began later); Kafka's InitProducerId fences the old producer, settles "
                    + "its transaction and hands a new producer id at epoch exhaustion, so on a healed cluster it succeeds. "
                    + "Histories without txn-init ops are not judged. An attempt in the evidence: its completion's index "
                    + "and its invocation's time (ns)",
            "{\"transactional-id\": \"kchaos-txn-0\", \"attempts\": 170, \"fail\": 170, \"info\": 0, "
                    + "\"first-failure\": {\"index\": 880123, \"time\": 421700000000}, \"last-refusal\": {\"index\": "
                    + "901200, \"time\": 526300000000}, \"refused-for-ms\": 104600, \"healed-at\": 0, \"errors\": "
                    + "[\"KafkaException: Unexpected error in InitProducerIdResponse; The server experienced an unexpected "
                    + "error when processing the request.\"], \"last-success\": {\"index\": 12, \"producer-id\": 1000, "
                    + "\"producer-epoch\": 0}}");

    // the dependency graph of committed transactions (txn checker, docs/history-txn-group.md): each cycle is reported
    // once, under the first of these types it has (a type implied by one already found in its component is not searched)
    private static final String CYCLE_EXAMPLE = "{\"cycle\": [{\"index\": 120, \"process\": 4}, {\"index\": 133, \"process\": 5}], "
            + "\"edges\": [{\"from\": 120, \"to\": 133, \"kind\": \"%s\", \"partition\": 0, %s}, "
            + "{\"from\": 133, \"to\": 120, \"kind\": \"%s\", \"partition\": 1, %s}], \"component-size\": 2}";
    public static final AnomalyType G1C_WR = cycle("G1c-wr",
            "a cycle of committed transactions in which each polled a value the previous one sent (wr edges only): each "
                    + "would have read another's write before that one committed, impossible under read_committed",
            CYCLE_EXAMPLE.formatted("wr", "\"offset\": 17", "wr", "\"offset\": 40"), "G1c");
    public static final AnomalyType G0 = cycle("G0",
            "a cycle of ww edges only (each transaction wrote, in some partition, the committed record right after one "
                    + "of the previous one's): write cycle, the transactions' writes interleaved",
            CYCLE_EXAMPLE.formatted("ww", "\"offsets\": [17, 18]", "ww", "\"offsets\": [40, 41]"), "G1c", "G0-process");
    public static final AnomalyType G1C = cycle("G1c",
            "a cycle of ww and wr edges with at least one wr and at least one ww (one of wr edges only is G1c-wr): "
                    + "circular information flow",
            CYCLE_EXAMPLE.formatted("ww", "\"offsets\": [17, 18]", "wr", "\"offset\": 40"), "G-single", "G1c-process");
    public static final AnomalyType G_SINGLE = cycle("G-single",
            "a cycle with exactly one rw edge (a poll saw a partition up to an offset, the next transaction wrote the next "
                    + "committed record there), the others ww or wr: read skew",
            CYCLE_EXAMPLE.formatted("rw", "\"read-offset\": 17, \"next-offset\": 18", "wr", "\"offset\": 40"),
            "G2", "G-single-process");
    public static final AnomalyType G2 = cycle("G2",
            "a cycle with two or more rw edges, the others ww or wr: anti-dependency cycle (write skew)",
            CYCLE_EXAMPLE.formatted("rw", "\"read-offset\": 17, \"next-offset\": 18", "rw",
                    "\"read-offset\": 40, \"next-offset\": 41"), "G2-process");
    public static final AnomalyType G0_PROCESS = processVariant(G0, "G1c-process");
    public static final AnomalyType G1C_PROCESS = processVariant(G1C, "G-single-process");
    public static final AnomalyType G_SINGLE_PROCESS = processVariant(G_SINGLE, "G2-process");
    public static final AnomalyType G2_PROCESS = processVariant(G2, null);
    public static final AnomalyType G0_REALTIME = realtimeVariant(G0, "G1c-realtime");
    public static final AnomalyType G1C_REALTIME = realtimeVariant(G1C, "G-single-realtime");
    public static final AnomalyType G_SINGLE_REALTIME = realtimeVariant(G_SINGLE, "G2-realtime");
    public static final AnomalyType G2_REALTIME = realtimeVariant(G2, null);

    // the group workload (docs/history-txn-group.md)
    public static final AnomalyType NONMONOTONIC_COMMIT = client(GROUP, "nonmonotonic-commit",
            "a committed offset of a partition observed lower than one an op had already completed observing before this op "
                    + "was invoked (a reset op declares a legitimate move back)",
            "{\"process\": 9, \"partition\": 0, \"committed\": 12, \"index\": 300, \"previous-committed\": 18, \"previous-index\": 280} "
                    + "(\"resumed-at\" instead of \"committed\" when an assignment resumed there)");
    public static final AnomalyType SKIPPED_ON_RESUME = client(GROUP, "skipped-on-resume",
            "a (re)assigned member resumed a partition past every offset the group may have committed, and a record known "
                    + "to the history lies between",
            "{\"process\": 9, \"partition\": 0, \"position\": 25, \"index\": 301, \"committed-at-most\": 18, \"skipped-offset\": 19, "
                    + "\"skipped-value\": 77, \"skipped-index\": 260}");
    public static final AnomalyType LOST_BY_GROUP = client(GROUP, "lost-by-group",
            "a record known to the history below the end offset the group caught up to in its partition, that no group "
                    + "member ever polled (at-least-once broken); one below the log start offset the final drain began at that the "
                    + "retention policy let go is expired (stats.expired), not this (one it did not is this too)",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"index\": 260, \"end-offset\": 912, \"catch-up-index\": 9000}");

    // the share-group workload (KIP-932; docs/format.md, share ops)
    public static final AnomalyType SHARE_LOST = client(SHARE, "share-lost",
            "a record known to the history below the group's start offset in its partition after the final drain (the "
                    + "broker counts it done) that the group never finished: never delivered, or every delivery ended in a "
                    + "release, lock expiry or crash below the delivery limit with no accept or reject the broker may have "
                    + "taken (ok or info). Last seen at delivery count k below the limit L, it counts as archived unseen "
                    + "instead when at least L - k members left after that sighting by ops invoked before the final catch-up "
                    + "completed: a member leaving after the catch-up saw the start offset past the record cannot have archived it",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"index\": 260, \"deliveries\": 1, \"last-delivery-count\": 1, "
                    + "\"last-ended\": \"release\", \"group-start-offset\": 912, \"catch-up-index\": 9000}");
    public static final AnomalyType SHARE_CONCURRENT_HOLD = client(SHARE, "share-concurrent-hold",
            "a record delivered to a second consumer while the first holder's acquisition lock was surely still valid "
                    + "(the second poll completed more than the skew margin, 1 s, before the earliest moment the first lock "
                    + "could expire), the first holder had not acknowledged it yet, and its later acknowledgement was taken "
                    + "by the broker (ok)",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"holder\": {\"process\": 3, \"index\": 200, "
                    + "\"delivery-count\": 1, \"lock-until\": 95000000000, \"ack-index\": 240, \"ack\": \"accept\"}, "
                    + "\"second\": {\"process\": 5, \"index\": 210, \"time\": 80000000000, \"delivery-count\": 2}}");
    public static final AnomalyType SHARE_REDELIVERED_AFTER_ACCEPT = client(SHARE, "share-redelivered-after-accept",
            "a record delivered again, acquired after an accept of it completed ok (the broker took it): the delivery's "
                    + "lock-until less the lock duration (the earliest its acquisition can be) is after the accept's completion",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"ack-index\": 240, \"ack-process\": 3, "
                    + "\"index\": 300, \"process\": 5, \"delivery-count\": 2}");
    public static final AnomalyType SHARE_REDELIVERED_AFTER_REJECT = client(SHARE, "share-redelivered-after-reject",
            "a record delivered again, acquired (as for share-redelivered-after-accept) after a reject of it completed ok "
                    + "(the broker archived it)",
            "same fields as share-redelivered-after-accept");
    public static final AnomalyType SHARE_DELIVERY_COUNT = client(SHARE, "share-delivery-count",
            "a record's delivery count went backwards (a delivery has a lower count than any delivery of the record whose "
                    + "poll completed before it was acquired, by its lock-until less the lock duration: every such delivery, "
                    + "not only the one just before, which may be a stale buffered one) or exceeded the group's delivery limit (Kafka documents one "
                    + "attempt past it only when the limit is lowered while records are in flight, KIP-1240; the workload "
                    + "never lowers it)",
            "{\"partition\": 0, \"offset\": 19, \"value\": 77, \"kind\": \"backwards\", \"index\": 300, \"delivery-count\": 1, "
                    + "\"previous-index\": 210, \"previous-delivery-count\": 2} (\"kind\": \"over-limit\" with \"limit\")");
    public static final AnomalyType SHARE_NOT_FINAL = client(SHARE, "share-not-final",
            "after the final drain (consumers accepting everything until the group's start offsets reached the end offsets, "
                    + "or nothing was delivered for a lock duration and 10 s), a record known to the history at or above the "
                    + "group's start offset and below the end offset of its partition that the group never finished: never "
                    + "delivered, or its last delivery ended in a release, lock expiry or crash below the delivery limit. A "
                    + "warning per partition then says when the group last delivered a record of it and to whom the partition "
                    + "was assigned at the end",
            "{\"partition\": 0, \"offset\": 410, \"value\": 77, \"index\": 260, \"deliveries\": 1, \"last-delivery-count\": 1, "
                    + "\"last-ended\": \"crash\", \"group-start-offset\": 410, \"end-offset\": 912, \"catch-up-index\": 9000, "
                    + "\"assigned-to\": [\"kchaos-share-41\"]} (assigned-to when the catch-up names the assignment)");

    // the metadata workload (admin operations judged against every broker's final read and the quorum's offsets)
    public static final AnomalyType METADATA_CHANGE_LOST = client(METADATA, "metadata-change-lost",
            "an acknowledged (ok) admin change that a broker, read after it caught up with the quorum, does not serve at "
                    + "the end: kind create, the topic is absent; kind partitions, it has fewer partitions than the highest "
                    + "count acknowledged; kind config, the key holds neither the last acknowledged value nor a value of a "
                    + "later set that was not acknowledged. A delete excuses only what it may have removed: a change is not "
                    + "owed when a delete that did not fail may have taken effect after it (each op takes effect once "
                    + "between its invocation and its completion, an indeterminate one never completes) and, if the broker "
                    + "serves the topic, a create that did not fail after that delete; so a change acknowledged on a topic "
                    + "created again after the delete completed is owed, and a topic served with no create possible after "
                    + "an indeterminate delete shows the delete never landed",
            "{\"kind\": \"config\", \"topic\": \"kchaos-queue-md-0-3\", \"index\": 41, \"node\": 2, \"read-index\": 900, "
                    + "\"expected\": [\"604800017\"], \"served\": \"604800009\"} (kind create: \"served\": null; partitions: counts)");
    public static final AnomalyType METADATA_DELETE_UNDONE = client(METADATA, "metadata-delete-undone",
            "a topic whose delete-topic was acknowledged (ok) that a broker, read after it caught up with the quorum, "
                    + "serves at the end, although no create-topic of that name that did not fail may have taken effect "
                    + "after the delete with another before it (the delete removed a topic): a create acknowledged while a "
                    + "delete of the existing topic was in flight took effect after the delete, so the topic is served "
                    + "rightly",
            "{\"topic\": \"kchaos-queue-md-1-7\", \"index\": 77, \"node\": 3, \"read-index\": 901, \"served\": "
                    + "{\"id\": \"x3Vb...\", \"partitions\": 2}}");
    public static final AnomalyType METADATA_DIVERGENCE = client(METADATA, "metadata-divergence",
            "two brokers, each read after it caught up to the same target offset (the quorum's high watermark once every "
                    + "admin op had completed), serve one topic differently: present on one and absent on the other, or "
                    + "another topic id, partition count or config value, beyond what its indeterminate ops allow (one may "
                    + "land between two reads): presence and id when a create or delete of it is indeterminate, the "
                    + "partition count when a create-partitions is (among the counts asked by ops that did not fail), a "
                    + "config value when a set of the key is (among the values of sets that did not fail, or none when no "
                    + "set of the key was acknowledged)",
            "{\"topic\": \"kchaos-queue-md-0-3\", \"target-offset\": 812, \"served\": {\"1\": {\"id\": \"x3Vb...\", "
                    + "\"partitions\": 3}, \"2\": null}, \"read-indexes\": {\"1\": 900, \"2\": 901}}");
    public static final AnomalyType METADATA_UNEXPLAINED = client(METADATA, "metadata-unexplained",
            "a broker, read after it caught up with the quorum, serves one of the workload's topics in a state no admin op "
                    + "that did not fail could have left, each indeterminate op taken as happened or not: kind topic, the "
                    + "topic is served although no create-topic of it that did not fail exists; kind partitions, its "
                    + "partition count is none a create-topic or create-partitions that did not fail asked for; kind config, "
                    + "the key holds a value no alter-config of it that did not fail set (a key never set on the topic is "
                    + "served as none)",
            "{\"kind\": \"partitions\", \"topic\": \"kchaos-queue-md-0-3\", \"node\": 2, \"read-index\": 900, "
                    + "\"allowed\": [1, 2, 3], \"served\": 5} (kind config: \"key\"; kind topic: \"served\" the topic)");
    public static final AnomalyType METADATA_OFFSET_REGRESSION = client(METADATA, "metadata-offset-regression",
            "a replica of the metadata quorum (voter or observer) whose log end offset, as the quorum leader reports it, "
                    + "fell below an offset it held committed: an earlier sample showed both its log end offset and the "
                    + "quorum's high watermark at or past that offset. A replica behind the high watermark is lag, not "
                    + "this; a leader that reports no offset (-1) is skipped. Samples are the run's quorum polls "
                    + "(quorum.jsonl, every workload) and a history's metadata-quorum ops",
            "{\"node\": 2, \"role\": \"voter\", \"offset\": 540, \"index\": 620, \"committed-held\": 700, "
                    + "\"held-index\": 600} (from the run's polls: \"poll\" and \"held-poll\", e.g. "
                    + "\"describeMetadataQuorum poll at 12.300 s (quorum.jsonl)\", instead of the indexes)");

    public static final AnomalyType VOTER_REMOVAL_UNDONE = client(METADATA, "voter-removal-undone",
            "a voter of a dynamic quorum (KIP-853) whose removal held (a remove-voter, or voter-grow's shrink-voter, "
                    + "completed ok, its voters-after without the node) that a later quorum poll (quorum.jsonl, every run) names a "
                    + "voter again before any add-voter (or grow-voter) of the node was invoked after the removal: the removal asked for was undone behind the "
                    + "operator's back (a controller that kept running and joined again by itself, KAFKA-19850). A poll "
                    + "answered within 1 s of the removal's completion may have been asked before it, so it counts only "
                    + "once a poll after the removal showed the voter gone",
            "{\"node\": 5, \"directory-id\": \"h5Zq...\", \"removal-index\": 41, \"removal-time\": 10000000000, "
                    + "\"poll\": \"describeMetadataQuorum poll at 11.000 s (quorum.jsonl)\", \"voters\": [4, 5, 6], "
                    + "\"next-add-voter-index\": null} (next-add-voter-index: the first add-voter of the node invoked after "
                    + "the poll, null when none was)");

    public static final AnomalyType REASSIGNMENT_STUCK = client(METADATA, "reassignment-stuck",
            "a reassignment (a reassign op) that Kafka still listed as in progress past its bound although every replica "
                    + "it adds was in the ISR and the only target replicas outside the ISR were in the old set too (neither added "
                    + "nor removed), with a target set no smaller than the old one: completing it could not shrink the ISR, yet "
                    + "it never completed (KAFKA-19975: a down replica kept in both sets blocks the move). Read at the bound: "
                    + "the ISR, then the partitions still listed; a move whose listing could not be read is not judged",
            "{\"partition\": 0, \"index\": 88, \"from\": [1, 2, 3], \"to\": [1, 4, 3], \"isr-after\": [1, 2, 4], "
                    + "\"not-in-isr\": [3]}");

    // the acl workload (a probe principal's rights granted and revoked, each broker's answer to that principal): a probe
    // is judged only where the history proves what its broker's authorizer held (docs/acl.md)
    private static final String ACL_EXAMPLE = "{\"node\": 2, \"operation\": \"WRITE\", \"topic\": \"kchaos-acl\", "
            + "\"principal\": \"User:kchaos-acl-probe\", \"answer\": \"%s\", \"index\": 930, \"time\": 41200000000, "
            + "\"invoke-index\": 928, \"invoke-time\": 41190000000, \"offset-before\": 815, \"offset-after\": 817, "
            + "\"change\": \"%s\", \"change-index\": 880, \"hw-after\": 812, \"applied-read\": {\"index\": 901, "
            + "\"time\": 39800000000, \"offset\": 813}, \"next-change-index\": 940, \"next-lower-bound\": 830}";
    public static final AnomalyType ACL_REVOKED_ALLOWED = client(ACL, "acl-revoked-allowed",
            "an acl-probe a broker answered allowed where the binding's state is revoked: the latest acknowledged (ok) "
                    + "change of it that the broker certainly applied is a revocation, or none is and the broker certainly "
                    + "applied no change of it (the initial state, no ACL: denied), and it certainly applied no later change "
                    + "of it. Certainly applied: a probe of the same broker answered at least 1 s before this probe's "
                    + "invocation read a published metadata offset at or past the change's hw-after - 1; certainly not "
                    + "applied: this probe's offset-after is below the change's lower bound. A probe whose image may hold an "
                    + "indeterminate (info) change of the binding is not judged",
            ACL_EXAMPLE.formatted("allowed", "revoke") + " (the initial state: change, change-index, hw-after and "
                    + "applied-read null)");
    public static final AnomalyType ACL_GRANTED_DENIED = client(ACL, "acl-granted-denied",
            "an acl-probe a broker answered denied where the binding's state is granted: the latest acknowledged (ok) "
                    + "change of it that the broker certainly applied is a grant, and it certainly applied no later change "
                    + "of it (certainly as for acl-revoked-allowed)",
            ACL_EXAMPLE.formatted("denied", "grant"));

    // the brokers' own files: the replica audit of run (after the clean stop) and verify-logs
    public static final AnomalyType REPLICA_DIVERGENCE = replica("replica-divergence",
            "two replicas of a partition hold different batches (offset range or CRC) below the partition's high watermark",
            "{\"topic\": \"kchaos-queue\", \"partition\": 0, \"offset\": 400, \"high-watermark\": 900, \"batches\": "
                    + "{\"1\": {\"offset\": 400, \"last-offset\": 419, \"crc\": 3054125, \"epoch\": 2, \"final-isr\": true, ...}, "
                    + "\"2\": {\"offset\": 400, \"last-offset\": 417, \"crc\": 9981230, \"epoch\": 3, \"final-isr\": true, ...}}}");
    public static final AnomalyType COMMITTED_DATA_MISSING = replica("committed-data-missing",
            "a replica in the final ISR lacks offsets below the high watermark",
            "{\"node\": 3, \"topic\": \"kchaos-queue\", \"partition\": 0, \"from-offset\": 850, \"to-offset\": 899, "
                    + "\"high-watermark\": 900, \"path\": \".../nodes/3/data/kchaos-queue-0\"} (+ \"cause\": absent or corrupt)");
    public static final AnomalyType CORRUPT_BATCH = replica("corrupt-batch",
            "a batch whose CRC does not match, or bytes that do not parse as a batch (not counting a torn tail above the "
                    + "recovery point)",
            "{\"node\": 2, \"topic\": \"kchaos-queue\", \"partition\": 0, \"path\": \".../00000000000000000000.log\", "
                    + "\"position\": 40960, \"offset\": 512, \"last-offset\": 531, \"epoch\": 2, \"size\": 1210, "
                    + "\"reason\": \"CRC mismatch\"}; for unparseable bytes \"length\", \"lost-offsets\" and \"recovery-point\" "
                    + "instead of the batch fields");
    public static final AnomalyType EPOCH_LINEAGE_MISMATCH = replica("epoch-lineage-mismatch",
            "a replica's leader-epoch-checkpoint disagrees with the partitionLeaderEpoch of its own batches, or two replicas "
                    + "disagree on the start offset of an epoch both hold data of",
            "{\"node\": 2, \"topic\": \"kchaos-queue\", \"partition\": 0, \"kind\": \"checkpoint-vs-batches\", \"epoch\": 3, "
                    + "\"checkpoint\": \".../leader-epoch-checkpoint\", \"checkpoint-start-offset\": 500, \"first-offset-in-epoch\": 480, "
                    + "\"mismatched-batches\": 1, \"example-batch\": {...}}; \"kind\" is also \"checkpoint-order\" (with \"entries\") "
                    + "or \"across-replicas\" (with \"start-offsets\" and \"checkpoints\" by node)");
    public static final AnomalyType EPOCH_ENTRIES_MISSING = replica("epoch-entries-missing",
            "a replica's leader-epoch-checkpoint has no entry covering batches its log still holds at or above the log "
                    + "start offset (after a clean shutdown, or below the recovery point): entries the broker had written "
                    + "are gone, as when an unsynced checkpoint is cut by a power loss (KAFKA-16541, Kafka 3.7.x)",
            "{\"node\": 2, \"topic\": \"kchaos-queue\", \"partition\": 0, \"checkpoint\": \".../leader-epoch-checkpoint\", "
                    + "\"first-entry\": [1, 1457], \"uncovered-from-offset\": 982, \"uncovered-to-offset\": 1456, "
                    + "\"uncovered-epochs\": [0], \"uncovered-batches\": 31, \"log-start-offset\": 982} (\"first-entry\" null for an empty file)");
    public static final AnomalyType LEADER_EPOCH_LOST = replica("leader-epoch-lost",
            "a partition's last observed leader (leaders.jsonl) has no entry for the leader epoch it led, or a later one, "
                    + "in its leader-epoch-checkpoint: the leader lost the epoch it wrote on election, so it cannot resolve "
                    + "a follower's last fetched epoch and answers with OffsetOutOfRange (KAFKA-20961: a move between log "
                    + "dirs keeps only the epochs of the replica's batches)",
            "{\"node\": 1, \"topic\": \"kchaos-queue\", \"partition\": 2, \"leader-epoch\": 4, \"observed\": "
                    + "\"leaders.jsonl at 71.204 s\", \"checkpoint\": \".../leader-epoch-checkpoint\", \"entries\": [], "
                    + "\"log-end-offset\": 0, \"peers-ahead\": {\"2\": [[3, 0]]}} (peers-ahead: the peers' entries above "
                    + "the leader's latest epoch that start within its log)");
    public static final AnomalyType ACKED_WRITE_MISSING_ON_REPLICA = replica("acked-write-missing-on-replica",
            "an acknowledged (p, o, value) from the history is absent, or holds another value, in a final-ISR replica's log",
            "{\"node\": 1, \"topic\": \"kchaos-queue\", \"partition\": 0, \"offset\": 0, \"value\": 2, \"index\": 29, "
                    + "\"found\": \"absent\", \"path\": \".../nodes/1/data/kchaos-queue-0\"}");
    public static final AnomalyType REMOTE_SEGMENT_LOST = replica("remote-segment-lost",
            "tiered storage: a segment of the workload's topic that a broker's storage manager copied to the remote tier "
                    + "(its call log: copy ok) and that no broker began to delete (no delete started: Kafka never asked) is "
                    + "not in the bucket at the end of the run: the remote store lost an object Kafka still counts on",
            "{\"partition\": \"kchaos-queue-1\", \"segment-id\": \"q2mS3f0XTpW0rU1Hj3Pq0A\", \"copied-by\": \"2\", "
                    + "\"copied-at-ms\": 1765080000123, \"bytes\": 412632}");
    public static final AnomalyType CHECKPOINT_UNREADABLE = replica("checkpoint-unreadable",
            "a checkpoint file that does not parse; named with its path and line",
            "{\"node\": 2, \"path\": \".../replication-offset-checkpoint\", \"line\": 3, \"reason\": \"not a number\", "
                    + "\"text\": \"kchaos-queue 0 x\"}");

    // the KRaft metadata log (__cluster_metadata-0) of every voter and observer, after the clean stop (the Raft audit).
    // A batch is "committed" when a majority of the voter set in force at its base offset holds it (same base offset, last
    // offset, epoch and CRC; the voter set over time: the given one, then each KIP-853 VotersRecord or LeaderChangeMessage
    // voters from its offset on, as docs/format.md says);
    // two logs are compared only on the offsets both hold, up to their first difference, and each first difference is
    // one anomaly, the first of these rows that applies. A corrupt metadata batch or snapshot batch is corrupt-batch.
    public static final AnomalyType RAFT_ELECTION_SAFETY = raft("raft-election-safety",
            "two nodes' metadata logs first differ where both hold a batch of the same partition leader epoch covering "
                    + "the offset, and the batches differ (base offset, last offset or CRC): two leaders wrote in one epoch; or two "
                    + "observations of the quorum given to the audit name different leaders for one epoch",
            "{\"topic\": \"__cluster_metadata\", \"partition\": 0, \"offset\": 120, \"epoch\": 3, \"batches\": "
                    + "{\"1\": {\"offset\": 120, \"last-offset\": 121, \"crc\": 3054125, \"epoch\": 3, \"path\": \"...\", \"position\": 9120}, "
                    + "\"2\": {\"offset\": 120, \"last-offset\": 120, \"crc\": 998123, \"epoch\": 3, ...}}} (from observations: "
                    + "\"epoch\" and \"observations\", two of {\"high-watermark\", \"leader\", \"epoch\", \"source\"}, instead of offset and batches)");
    public static final AnomalyType RAFT_COMMITTED_REPLACED = raft("raft-committed-replaced",
            "a committed metadata batch (held by a majority of the voter set in force at its offset) and, in another node's "
                    + "log (voter or observer), a different batch covering its offset whose epoch is at least the highest epoch "
                    + "of the committed batches "
                    + "at or after that offset, or the epoch of a leader observed announcing a high watermark above it (by which "
                    + "the batch was surely committed), however the logs agree after it: a leader that came after the commit "
                    + "lacked it (leader completeness broken). A node that lacks a committed suffix is not one (a clean stop "
                    + "goes node by node), and a divergent batch of a lower epoch is a stale uncommitted tail (as in the Raft "
                    + "paper's figure 8): a warning",
            "{\"topic\": \"__cluster_metadata\", \"partition\": 0, \"offset\": 120, \"committed\": {\"offset\": 120, "
                    + "\"last-offset\": 121, \"crc\": 3054125, \"epoch\": 3, ..., \"held-by\": [2, 3]}, \"replaced-by\": "
                    + "{\"node\": 1, \"voter\": true, \"offset\": 120, \"last-offset\": 120, \"crc\": 77120, \"epoch\": 4, ...}}");
    public static final AnomalyType RAFT_COMMITTED_LOST = raft("raft-committed-lost",
            "offsets below a high watermark a leader announced (an observation given to the audit: a describeMetadataQuorum "
                    + "sample, an acknowledged metadata write, or the operator's --committed), so committed, that a majority of "
                    + "the voter set in force there no longer keeps: no batch of an epoch at most the announcing leader's is held there by a "
                    + "majority, counting voters whose snapshot summarises the offset as keeping it (a lying disk that dropped "
                    + "the same suffix on a majority). Without observations the audit cannot tell a lost tail from a stale one",
            "{\"topic\": \"__cluster_metadata\", \"partition\": 0, \"from-offset\": 120, \"to-offset\": 131, \"offsets\": 12, "
                    + "\"committed-by\": {\"high-watermark\": 132, \"leader\": 2, \"epoch\": 3, \"source\": "
                    + "\"describeMetadataQuorum sample at 12.3 s\"}, \"lacking\": [2, 3], \"found\": {\"1\": {\"offset\": 120, "
                    + "\"epoch\": 3, ...}, \"2\": \"absent\", \"3\": {\"offset\": 120, \"epoch\": 4, ...}}} (found: each voter's "
                    + "batch at from-offset, or \"absent\")");
    public static final AnomalyType RAFT_LOG_MISMATCH = raft("raft-log-mismatch",
            "two metadata logs that both hold a batch at the same base offset with the same epoch, but differ at a lower "
                    + "offset (log matching broken)",
            "{\"topic\": \"__cluster_metadata\", \"partition\": 0, \"offset\": 80, \"nodes\": [1, 2], \"matching\": "
                    + "{\"offset\": 130, \"epoch\": 5}, \"batches\": {\"1\": {...}, \"2\": {...}}}");
    public static final AnomalyType RAFT_SNAPSHOT_MISMATCH = raft("raft-snapshot-mismatch",
            "a metadata snapshot <end offset E>-<epoch e>.checkpoint (E > 0) that contradicts the logs: its holder's own log, "
                    + "or a committed batch, covers offset E-1 with an epoch above e (kind epoch-behind-log; KRaft makes a "
                    + "snapshot only of committed offsets whose epoch is at most the id's), or fewer than a majority of the voter "
                    + "set in force at E-1 reach E, with a log end offset at least E or a snapshot of their own ending at or "
                    + "past it (kind beyond-logs: the snapshot summarises offsets no majority held, so not committed ones)",
            "{\"node\": 2, \"topic\": \"__cluster_metadata\", \"partition\": 0, \"kind\": \"epoch-behind-log\", "
                    + "\"snapshot\": \".../00000000000000000120-0000000003.checkpoint\", \"end-offset\": 120, \"epoch\": 3, "
                    + "\"log-node\": 1, \"batch\": {\"offset\": 118, \"last-offset\": 119, \"epoch\": 4, ...}} "
                    + "(beyond-logs: \"voters\", \"majority\", \"reached-by\", \"log-end-offsets\" by voter (or \"absent\") and "
                    + "\"snapshot-end-offsets\" (each voter's latest) instead of log-node and batch)");
    public static final AnomalyType RAFT_QUORUM_STATE_BEHIND = raft("raft-quorum-state-behind",
            "a node's quorum-state file names a leaderEpoch below the epoch of a batch in its own metadata log or of one "
                    + "of its snapshots (a node never holds entries of an epoch newer than it knows)",
            "{\"node\": 1, \"topic\": \"__cluster_metadata\", \"partition\": 0, \"quorum-state\": \".../quorum-state\", "
                    + "\"leader-epoch\": 3, \"max-log-epoch\": 5, \"max-snapshot-epoch\": 4}");

    private Anomalies() {
    }

    private static AnomalyType client(String checker, String key, String definition, String example) {
        return declare(new AnomalyType(key, AnomalyFamily.CLIENT, checker, definition, example, List.of()));
    }

    private static AnomalyType replica(String key, String definition, String example) {
        return declare(new AnomalyType(key, AnomalyFamily.REPLICA, REPLICA_AUDIT, definition, example, List.of()));
    }

    private static AnomalyType raft(String key, String definition, String example) {
        return declare(new AnomalyType(key, AnomalyFamily.RAFT, RAFT_AUDIT, definition, example, List.of()));
    }

    /** A cycle of the txn checker's dependency graph, and the weaker cycle types every such cycle also is. */
    private static AnomalyType cycle(String key, String definition, String example, String... implies) {
        CYCLES.add(key);
        return declare(new AnomalyType(key, AnomalyFamily.CLIENT, TXN, definition, example, List.of(implies)));
    }

    /** base's cycle needing a process edge; it is also base's next weaker type's -process and base's -realtime cycle. */
    private static AnomalyType processVariant(AnomalyType base, String weaker) {
        return variant(base, "-process", "process edge (two transactions of one process, in their order)",
                weaker, base.key() + "-realtime");
    }

    /** base's cycle needing a realtime edge; it is also base's next weaker type's -realtime cycle. */
    private static AnomalyType realtimeVariant(AnomalyType base, String weaker) {
        return variant(base, "-realtime", "realtime edge (one transaction completed before the other was invoked), "
                + "process edges allowed", weaker);
    }

    private static AnomalyType variant(AnomalyType base, String suffix, String edge, String... implies) {
        String key = base.key() + suffix;
        String example = base.example().replaceFirst("\\], \"component-size", ", {\"from\": 133, \"to\": 140, \"kind\": \""
                + suffix.substring(1) + "\", ...}], \"component-size");
        return cycle(key, "a cycle as for " + base.key() + " that also needs at least one " + edge, example,
                java.util.Arrays.stream(implies).filter(java.util.Objects::nonNull).toArray(String[]::new));
    }

    private static AnomalyType declare(AnomalyType t) {
        if (TYPES.putIfAbsent(t.key(), t) != null) throw new IllegalStateException("anomaly declared twice: " + t.key());
        return t;
    }

    /** The type with this key, if kchaos knows it. */
    public static Optional<AnomalyType> lookup(String key) {
        return Optional.ofNullable(TYPES.get(key));
    }

    /** Every anomaly type, in declaration order (by checker, then as the docs list them). */
    public static List<AnomalyType> all() {
        return List.copyOf(TYPES.values());
    }

    /** The anomaly types one checker reports, in declaration order. */
    public static List<AnomalyType> of(String checker) {
        return TYPES.values().stream().filter(t -> t.checker().equals(checker)).toList();
    }

    /** The definition of {@code key}, or a note that kchaos does not know it (a newer or custom checker's type). */
    public static String definition(String key) {
        return lookup(key).map(AnomalyType::definition)
                .orElse("not in kchaos's anomaly catalogue (reported by a newer or custom checker)");
    }

    /** True for a key of the replica audit's family. */
    public static boolean isReplica(String key) {
        return lookup(key).map(AnomalyType::isReplica).orElse(false);
    }

    /** True for a key of the Raft audit's family. */
    public static boolean isRaft(String key) {
        return lookup(key).map(AnomalyType::isRaft).orElse(false);
    }

    /** True for a cycle of the txn checker's dependency graph: the anomalies consistency models differ on. */
    public static boolean isCycle(String key) {
        return CYCLES.contains(key);
    }

    /** The cycle types, strongest first (the order the txn checker searches them in). */
    public static List<AnomalyType> cycles() {
        return CYCLES.stream().map(TYPES::get).toList();
    }

    /** Every key, in declaration order. */
    public static List<String> keys() {
        return List.copyOf(TYPES.keySet());
    }
}
