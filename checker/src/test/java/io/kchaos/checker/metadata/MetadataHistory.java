package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.queue.MemberHistoryBuilder;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.ClientOps;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;

/**
 * Builds small metadata-workload histories for tests: admin ops (invoke then completion), quorum samples and final
 * broker reads; each line 1 ms after the previous one. A topic spec of a read is {@code name:partitions[:value[:id]]},
 * value being the served retention.ms ("-" for none) and id defaulting to {@code id-<name>}.
 */
final class MetadataHistory extends MemberHistoryBuilder<MetadataHistory> {
    static final String KEY = "retention.ms";
    private static final int READER = 90;
    private static final int ROSTER = 89;
    private long now;
    private long target = 500;

    MetadataHistory() {
        super("TimeoutException: test");
    }

    @Override
    protected long nextTime(int index) {
        now += 1_000_000;
        return now;
    }

    private MetadataHistory admin(int process, String f, ObjectNode v, OpType type) {
        return invoke(process, f, v).complete(process, type, f, v);
    }

    /** The invocation alone of an admin op with value {@code v}, for ops that overlap; {@link #complete} ends it. */
    MetadataHistory invoke(int process, String f, ObjectNode v) {
        return line(process, OpType.INVOKE, f, v);
    }

    MetadataHistory complete(int process, OpType type, String f, ObjectNode v) {
        return line(process, type, f, v);
    }

    /** The value of a delete-topic of {@code topic}. */
    static ObjectNode topic(String topic) {
        return Json.object().put(MetadataFields.TOPIC, topic);
    }

    /** The value of a create-topic of {@code topic}. */
    static ObjectNode topic(String topic, int partitions) {
        return topic(topic).put(MetadataFields.PARTITIONS, partitions).put(MetadataFields.REPLICATION_FACTOR, 3);
    }

    MetadataHistory create(int process, String topic, int partitions, OpType type) {
        return admin(process, ClientOps.CREATE_TOPIC, topic(topic, partitions), type);
    }

    MetadataHistory partitions(int process, String topic, int partitions, OpType type) {
        return admin(process, ClientOps.CREATE_PARTITIONS, topic(topic).put(MetadataFields.PARTITIONS, partitions), type);
    }

    MetadataHistory config(int process, String topic, String value, OpType type) {
        return admin(process, ClientOps.ALTER_CONFIG, topic(topic).put(MetadataFields.KEY, KEY).put(MetadataFields.VALUE, value), type);
    }

    MetadataHistory delete(int process, String topic, OpType type) {
        return admin(process, ClientOps.DELETE_TOPIC, topic(topic), type);
    }

    /** A quorum sample: the high watermark, then voter node and log end offset pairs. */
    MetadataHistory quorum(long highWatermark, long... voterAndOffset) {
        return sample(highWatermark, voterAndOffset, new long[0]);
    }

    /** A quorum sample with observers only. */
    MetadataHistory observers(long highWatermark, long... observerAndOffset) {
        return sample(highWatermark, new long[0], observerAndOffset);
    }

    private MetadataHistory sample(long highWatermark, long[] voters, long[] observers) {
        ObjectNode v = Json.object().put(MetadataFields.LEADER, 1).put(MetadataFields.LEADER_EPOCH, 3)
                .put(MetadataFields.HIGH_WATERMARK, highWatermark);
        ObjectNode vs = v.putObject(MetadataFields.VOTERS);
        for (int i = 0; i < voters.length; i += 2) vs.put(String.valueOf(voters[i]), voters[i + 1]);
        ObjectNode os = v.putObject(MetadataFields.OBSERVERS);
        for (int i = 0; i < observers.length; i += 2) os.put(String.valueOf(observers[i]), observers[i + 1]);
        line(91, OpType.INVOKE, ClientOps.METADATA_QUORUM, null);
        return line(91, OpType.OK, ClientOps.METADATA_QUORUM, v);
    }

    /** The brokers the run started with: the spec's count and the nodes the workload found (each at host-N:9092). */
    MetadataHistory brokers(int expected, int... nodes) {
        ObjectNode inv = Json.object().put(MetadataFields.EXPECTED, expected);
        ObjectNode v = inv.deepCopy();
        ObjectNode b = v.putObject(MetadataFields.BROKERS);
        for (int n : nodes) b.put(String.valueOf(n), "host-" + n + ":9092");
        line(ROSTER, OpType.INVOKE, ClientOps.METADATA_BROKERS, inv);
        return line(ROSTER, OpType.OK, ClientOps.METADATA_BROKERS, v);
    }

    /** A start that found no broker: the metadata-brokers op completed info. */
    MetadataHistory noBrokers(int expected) {
        ObjectNode inv = Json.object().put(MetadataFields.EXPECTED, expected);
        line(ROSTER, OpType.INVOKE, ClientOps.METADATA_BROKERS, inv);
        return line(ROSTER, OpType.INFO, ClientOps.METADATA_BROKERS, inv);
    }

    /** The target offset of the reads that follow. */
    MetadataHistory target(long offset) {
        target = offset;
        return this;
    }

    /** A caught-up read of {@code node} serving these topics. */
    MetadataHistory read(int node, String... topics) {
        ObjectNode inv = Json.object().put(MetadataFields.NODE, node).put(MetadataFields.TARGET_OFFSET, target);
        ObjectNode v = inv.deepCopy().put(MetadataFields.OFFSET, target + 3);
        ObjectNode t = v.putObject(MetadataFields.TOPICS);
        for (String spec : topics) {
            String[] p = spec.split(":");
            ObjectNode o = t.putObject(p[0]).put(MetadataFields.ID, p.length > 3 ? p[3] : "id-" + p[0])
                    .put(MetadataFields.PARTITIONS, Integer.parseInt(p[1]));
            ObjectNode c = o.putObject(MetadataFields.CONFIGS);
            if (p.length > 2 && !p[2].equals("-")) c.put(KEY, p[2]);
        }
        line(READER + node, OpType.INVOKE, ClientOps.METADATA_READ, inv);
        return line(READER + node, OpType.OK, ClientOps.METADATA_READ, v);
    }

    /** A read of {@code node} that did not catch up. */
    MetadataHistory unread(int node) {
        ObjectNode inv = Json.object().put(MetadataFields.NODE, node).put(MetadataFields.TARGET_OFFSET, target);
        line(READER + node, OpType.INVOKE, ClientOps.METADATA_READ, inv);
        return line(READER + node, OpType.INFO, ClientOps.METADATA_READ, inv);
    }

    CheckResult check() {
        return new MetadataChecker().check(build());
    }
}
