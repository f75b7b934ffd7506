package io.kchaos.tiered;

import org.apache.kafka.server.log.remote.storage.RemoteStorageManager.IndexType;

/** The files one remote segment is kept as in its bucket folder: the log and each of its indexes, under fixed names. */
enum SegmentFile {
    LOG(BucketLayout.SEGMENT_LOG),
    OFFSET_INDEX("offset.index"),
    TIME_INDEX("time.index"),
    TRANSACTION_INDEX("transaction.index"),
    PRODUCER_SNAPSHOT("producer.snapshot"),
    LEADER_EPOCH_CHECKPOINT("leader-epoch.checkpoint");

    private final String fileName;

    SegmentFile(String fileName) {
        this.fileName = fileName;
    }

    String fileName() {
        return fileName;
    }

    /** The file that holds the index Kafka asks for. */
    static SegmentFile of(IndexType type) {
        return switch (type) {
            case OFFSET -> OFFSET_INDEX;
            case TIMESTAMP -> TIME_INDEX;
            case TRANSACTION -> TRANSACTION_INDEX;
            case PRODUCER_SNAPSHOT -> PRODUCER_SNAPSHOT;
            case LEADER_EPOCH -> LEADER_EPOCH_CHECKPOINT;
        };
    }
}
