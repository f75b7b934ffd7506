package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ErrorText;
import io.kchaos.workload.common.ProcessIds;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * One admin client's loop: each topic it makes lives through create-topic, a few create-partitions and alter-config
 * ops, and sometimes delete-topic, one op at a time, each recorded as invoke and completion. A topic name is never
 * used twice, and a topic is abandoned after an {@code info} op, so every topic's ops are sequential and at most its
 * last is indeterminate. The config set is {@value #CONFIG_KEY}, whose value encodes a run-unique number.
 */
final class AdminWorker implements Runnable {
    static final String CONFIG_KEY = "retention.ms";
    static final long CONFIG_BASE = 604_800_000L;
    static final int MAX_PARTITIONS = 6;
    private static final long OP_TIMEOUT_MS = 15_000;

    private final Admin admin;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final WorkloadStats stats;
    private final String prefix;
    private final short replicationFactor;
    private final long pauseMillis;
    private final Random random;
    private final AtomicLong configValues;
    private volatile boolean stopping;
    private int process;

    AdminWorker(Admin admin, HistoryWriter history, ProcessIds ids, WorkloadStats stats, String prefix,
                short replicationFactor, long pauseMillis, long seed, AtomicLong configValues) {
        this.admin = admin;
        this.history = history;
        this.ids = ids;
        this.stats = stats;
        this.prefix = prefix;
        this.replicationFactor = replicationFactor;
        this.pauseMillis = pauseMillis;
        this.random = new Random(seed);
        this.configValues = configValues;
        this.process = ids.next();
    }

    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        int n = 0;
        try {
            while (!stopping) lifecycle(prefix + "-" + n++);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void lifecycle(String topic) throws InterruptedException {
        int partitions = 1 + random.nextInt(2);
        int count = partitions;
        ObjectNode create = topicValue(topic).put(MetadataFields.PARTITIONS, count)
                .put(MetadataFields.REPLICATION_FACTOR, replicationFactor);
        if (op(ClientOps.CREATE_TOPIC, create, () -> admin.createTopics(List.of(new NewTopic(topic, count, replicationFactor))).all())
                != OpType.OK) return;
        int changes = random.nextInt(4);
        for (int i = 0; i < changes && !stopping; i++) {
            OpType t;
            if (random.nextBoolean() && partitions < MAX_PARTITIONS) {
                int next = partitions + 1;
                t = op(ClientOps.CREATE_PARTITIONS, topicValue(topic).put(MetadataFields.PARTITIONS, next),
                        () -> admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(next))).all());
                if (t == OpType.OK) partitions = next;
            } else {
                String value = String.valueOf(CONFIG_BASE + configValues.incrementAndGet());
                ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                t = op(ClientOps.ALTER_CONFIG, topicValue(topic).put(MetadataFields.KEY, CONFIG_KEY).put(MetadataFields.VALUE, value),
                        () -> admin.incrementalAlterConfigs(Map.of(r, List.of(new AlterConfigOp(new ConfigEntry(CONFIG_KEY, value),
                                AlterConfigOp.OpType.SET)))).all());
            }
            if (t == OpType.INFO) return;
        }
        if (!stopping && random.nextBoolean()) {
            op(ClientOps.DELETE_TOPIC, topicValue(topic), () -> admin.deleteTopics(List.of(topic)).all());
        }
    }

    private static ObjectNode topicValue(String topic) {
        return Json.object().put(MetadataFields.TOPIC, topic);
    }

    /** Invokes, runs and completes one op; after {@code info} the worker goes on as a new process. */
    private OpType op(String f, ObjectNode value, Supplier<KafkaFuture<Void>> request) throws InterruptedException {
        history.invoke(process, f, value);
        OpType type;
        String error = null;
        try {
            request.get().get(OP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            type = OpType.OK;
        } catch (InterruptedException e) {
            history.complete(process, OpType.INFO, f, value, "interrupted");
            throw e;
        } catch (Exception e) {
            type = AdminOutcome.of(e);
            error = ErrorText.of(e);
        }
        history.complete(process, type, f, value, error);
        switch (type) {
            case OK -> stats.ok.increment();
            case FAIL -> stats.fail.increment();
            default -> {
                stats.info.increment();
                process = ids.next();
            }
        }
        if (pauseMillis > 0 && !stopping) Thread.sleep(pauseMillis);
        return type;
    }
}
