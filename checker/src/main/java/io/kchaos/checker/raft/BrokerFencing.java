package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.kchaos.checker.replica.BatchInfo;
import io.kchaos.history.Json;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.RecordBatch;
import org.apache.kafka.common.utils.ByteUtils;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Each broker registration and each fencing or unfencing the active controller wrote into the metadata log, in offset
 * order, with the time the leader appended it: {@code RegisterBrokerRecord} (a new incarnation, which the controller
 * registers fenced), {@code FenceBrokerRecord} and {@code UnfenceBrokerRecord} (metadata versions before 3.3), and
 * {@code BrokerRegistrationChangeRecord}'s {@code Fenced} tag (1 fenced, -1 unfenced) and its {@code InControlledShutdown}
 * tag (1: the broker asked to shut down, so a fencing that follows is its stop, not a missed heartbeat). Only a record's frame (frame
 * version, api key, record version) and the fields that name the broker and its fencing are decoded.
 *
 * @param broker      the broker's id
 * @param change      what happened to it
 * @param offset      the record's offset in the metadata log
 * @param timestampMs the record's timestamp: when the controller appended it
 */
public record BrokerFencing(int broker, Change change, long offset, long timestampMs) {
    static final int REGISTER_BROKER = 0;
    static final int FENCE_BROKER = 7;
    static final int UNFENCE_BROKER = 8;
    static final int BROKER_REGISTRATION_CHANGE = 17;
    /** {@code BrokerRegistrationChangeRecord}'s tags of its {@code Fenced} and {@code InControlledShutdown} fields. */
    static final int FENCED_TAG = 0;
    static final int CONTROLLED_SHUTDOWN_TAG = 1;

    /** What a record did to a broker's registration. */
    public enum Change {
        REGISTERED, FENCED, UNFENCED, CONTROLLED_SHUTDOWN;

        /** The name in results.json. */
        public String field() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * The registrations and fencing changes these batches (one log's, in offset order) hold; control batches hold none,
     * and neither does a batch whose records do not decode although its CRC holds (the audit judges its bytes against
     * the other nodes'; this list is a figure).
     */
    public static List<BrokerFencing> in(List<BatchInfo> batches) {
        List<BrokerFencing> found = new ArrayList<>();
        for (BatchInfo b : batches) {
            if (b.control()) continue;
            List<BrokerFencing> inBatch = new ArrayList<>();
            try {
                for (RecordBatch batch : MemoryRecords.readableRecords(b.readBytes()).batches()) {
                    for (Record r : batch) {
                        if (r.hasValue()) decode(r.value()).forEach(c -> inBatch.add(new BrokerFencing(c.broker, c.change, r.offset(), r.timestamp())));
                    }
                }
            } catch (RuntimeException undecodable) {
                continue;
            }
            found.addAll(inBatch);
        }
        return List.copyOf(found);
    }

    /** The list as results.json's {@code raft.broker-fencing} holds it. */
    public static ArrayNode toJson(List<BrokerFencing> all) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        for (BrokerFencing f : all) {
            a.addObject().put("broker", f.broker).put("change", f.change.field()).put("offset", f.offset).put("time-ms", f.timestampMs);
        }
        return a;
    }

    private record Decoded(int broker, Change change) {
    }

    /** A metadata record's value: frame version, api key and record version (unsigned varints), then the record. */
    static List<Decoded> decode(ByteBuffer value) {
        try {
            ByteBuffer v = value.duplicate();
            ByteUtils.readUnsignedVarint(v); // frame version
            int apiKey = ByteUtils.readUnsignedVarint(v);
            ByteUtils.readUnsignedVarint(v); // record version
            switch (apiKey) {
                case REGISTER_BROKER:
                    return List.of(new Decoded(v.getInt(), Change.REGISTERED));
                case FENCE_BROKER:
                    return List.of(new Decoded(v.getInt(), Change.FENCED));
                case UNFENCE_BROKER:
                    return List.of(new Decoded(v.getInt(), Change.UNFENCED));
                case BROKER_REGISTRATION_CHANGE:
                    return registrationChange(v);
                default:
                    return List.of();
            }
        } catch (RuntimeException e) {
            return List.of(); // not a record this reader knows the layout of
        }
    }

    /**
     * BrokerId (int32) and BrokerEpoch (int64), then the tagged fields: {@code Fenced} (int8, tag 0) and
     * {@code InControlledShutdown} (int8, tag 1, record version 1+); a change of neither is none.
     */
    private static List<Decoded> registrationChange(ByteBuffer v) {
        int broker = v.getInt();
        v.getLong();
        List<Decoded> changes = new ArrayList<>();
        int tagged = ByteUtils.readUnsignedVarint(v);
        for (int i = 0; i < tagged; i++) {
            int tag = ByteUtils.readUnsignedVarint(v);
            int size = ByteUtils.readUnsignedVarint(v);
            int next = v.position() + size;
            if (size == 1 && tag == CONTROLLED_SHUTDOWN_TAG && v.get() == 1) changes.add(new Decoded(broker, Change.CONTROLLED_SHUTDOWN));
            else if (size == 1 && tag == FENCED_TAG) {
                byte fenced = v.get();
                if (fenced == 1) changes.add(new Decoded(broker, Change.FENCED));
                if (fenced == -1) changes.add(new Decoded(broker, Change.UNFENCED));
            }
            v.position(next);
        }
        changes.sort(java.util.Comparator.comparing(d -> d.change() == Change.FENCED || d.change() == Change.UNFENCED)); // a shutdown first, then its fencing
        return changes;
    }
}
