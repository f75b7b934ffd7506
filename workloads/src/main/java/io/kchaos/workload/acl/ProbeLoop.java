package io.kchaos.workload.acl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.ImageOffsets;
import io.kchaos.history.Json;
import io.kchaos.history.OpType;
import io.kchaos.wire.PublishedMetadataOffset;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.ErrorText;
import io.kchaos.workload.common.ProcessIds;
import org.apache.kafka.common.protocol.Errors;

import java.time.Duration;
import java.util.Optional;

/**
 * One broker's probes of one right: every interval an {@code acl-probe} op on that broker's own connection as the probe
 * principal — its published metadata offset, the probe, its published offset again — completing {@code ok} with the
 * broker's answer, or {@code info} when the answer does not tell (an error code other than those of {@link
 * ProbedRight}, no connection, a failed login). After an {@code info} op the loop goes on as a new process.
 */
final class ProbeLoop implements Runnable {
    private final BrokerConnection broker;
    private final int node;
    private final ProbedRight right;
    private final String topic;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final WorkloadStats stats;
    private final AclStats aclStats;
    private final long intervalMs;
    private volatile boolean stopping;
    private int process;

    /** The outcome of one probe: its completion and the broker's published offset before it (-1 when unread). */
    record Probe(OpType type, long offsetBefore) {
    }

    ProbeLoop(BrokerConnection broker, int node, ProbedRight right, String topic, HistoryWriter history, ProcessIds ids,
              WorkloadStats stats, AclStats aclStats, long intervalMs) {
        this.broker = broker;
        this.node = node;
        this.right = right;
        this.topic = topic;
        this.history = history;
        this.ids = ids;
        this.stats = stats;
        this.aclStats = aclStats;
        this.intervalMs = intervalMs;
        this.process = ids.next();
    }

    void stop() {
        stopping = true;
    }

    @Override
    public void run() {
        try {
            while (!stopping) {
                probe();
                Thread.sleep(intervalMs);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The final phase: probes until one whose offset-before holds every offset below {@code target} (the broker has
     * published the last change) and then for {@code settle} more, so that the broker's final state is probed; when
     * {@code timeout} passes first, records one {@code info} probe saying why.
     */
    void finish(long target, Duration timeout, Duration settle) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long caughtUp = 0;
        long last = -1;
        boolean caught = false;
        while (true) {
            Probe p = probe();
            if (p.offsetBefore() >= 0) last = p.offsetBefore();
            if (!caught && p.type() == OpType.OK && ImageOffsets.holdsBelow(p.offsetBefore(), target)) {
                caught = true;
                caughtUp = System.nanoTime();
            }
            if (caught && System.nanoTime() - caughtUp >= settle.toNanos()) return;
            if (!caught && System.nanoTime() - deadline >= 0) break;
            Thread.sleep(intervalMs);
        }
        ObjectNode v = invokeValue();
        history.invoke(process, ClientOps.ACL_PROBE, v);
        history.complete(process, OpType.INFO, ClientOps.ACL_PROBE, v, "not caught up within " + timeout.toSeconds()
                + " s: published metadata offset " + last + ", the last change's high watermark " + target + " needs " + (target - 1));
        counted(OpType.INFO, Optional.empty());
    }

    /** One probe, recorded as invoke and completion. */
    Probe probe() throws InterruptedException {
        ObjectNode v = invokeValue();
        history.invoke(process, ClientOps.ACL_PROBE, v);
        long before = -1;
        String error;
        try {
            before = broker.publishedOffset();
            Errors answer = broker.probe(right, topic);
            long after = broker.publishedOffset();
            Optional<String> verdict = right.answer(answer);
            if (verdict.isPresent()) {
                ObjectNode done = v.deepCopy().put(AclFields.OFFSET_BEFORE, before).put(AclFields.OFFSET_AFTER, after)
                        .put(AclFields.ANSWER, verdict.get());
                history.complete(process, OpType.OK, ClientOps.ACL_PROBE, done, null);
                counted(OpType.OK, verdict);
                return new Probe(OpType.OK, before);
            }
            error = "answer " + answer.name();
        } catch (Exception e) {
            if (Thread.currentThread().isInterrupted()) {
                history.complete(process, OpType.INFO, ClientOps.ACL_PROBE, v, "interrupted");
                throw new InterruptedException();
            }
            error = ErrorText.of(e);
        }
        history.complete(process, OpType.INFO, ClientOps.ACL_PROBE, v, error);
        counted(OpType.INFO, Optional.empty());
        return new Probe(OpType.INFO, before);
    }

    private ObjectNode invokeValue() {
        return Json.object().put(AclFields.NODE, node).put(AclFields.OPERATION, right.operationName()).put(AclFields.TOPIC, topic);
    }

    private void counted(OpType type, Optional<String> verdict) {
        if (type == OpType.OK) {
            stats.ok.increment();
            (AclFields.ALLOWED.equals(verdict.orElse(null)) ? aclStats.allowed : aclStats.denied).increment();
            return;
        }
        stats.info.increment();
        aclStats.probeInfo.increment();
        process = ids.next();
    }
}
