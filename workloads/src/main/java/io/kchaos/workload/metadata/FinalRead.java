package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.workload.common.ProcessIds;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The metadata workload's final phase: takes the quorum's high watermark as the target, waits until each broker has
 * caught up to it, then records one {@code metadata-read} per broker with what that broker alone serves. A broker has
 * caught up once the quorum leader saw it fetch at or past the target and then fetch twice more: the response to the
 * first of those was sent after the target was read, so it told the broker a high watermark at or past the target,
 * and the second fetch shows the broker had that response; {@value #PUBLISH_GRACE_MS} ms more let it publish it.
 * A broker that does not catch up within the timeout, or cannot be read, completes {@code info}; so does the whole
 * read when no quorum answers or the brokers cannot be listed.
 */
final class FinalRead {
    static final long PUBLISH_GRACE_MS = 1_000;
    private static final long POLL_MS = 250;

    private final Admin admin;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final String prefix;
    private final Duration timeout;

    FinalRead(Admin admin, HistoryWriter history, ProcessIds ids, String prefix, Duration timeout) {
        this.admin = admin;
        this.history = history;
        this.ids = ids;
        this.prefix = prefix;
        this.timeout = timeout;
    }

    /** Runs the phase; returns how many brokers were read. */
    int run() throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int quorumProcess = ids.next();
        QuorumInfo q = null;
        while (q == null || q.highWatermark() < 0) {
            if (System.nanoTime() - deadline >= 0) return unread("no metadata quorum answered within " + timeout.toSeconds() + " s");
            q = QuorumSample.record(admin, history, quorumProcess);
            if (q == null) quorumProcess = ids.next();
            else if (q.highWatermark() < 0) Thread.sleep(POLL_MS);
        }
        long target = q.highWatermark();
        List<Node> brokers;
        try {
            brokers = brokers();
        } catch (IllegalStateException e) {
            return unread(e.getMessage());
        }
        Map<Integer, Integer> process = new HashMap<>();
        for (Node b : brokers) {
            process.put(b.id(), ids.next());
            history.invoke(process.get(b.id()), ClientOps.METADATA_READ, readValue(b.id(), target));
        }
        Map<Integer, CatchUp> catchUp = new HashMap<>();
        brokers.forEach(b -> catchUp.put(b.id(), new CatchUp(target)));
        while (catchUp.values().stream().anyMatch(c -> !c.done()) && System.nanoTime() - deadline < 0) {
            Thread.sleep(POLL_MS);
            QuorumInfo s = QuorumSample.record(admin, history, quorumProcess);
            if (s == null) {
                quorumProcess = ids.next();
                continue;
            }
            catchUp.forEach((node, c) -> c.saw(QuorumSample.offsetOf(s, node)));
        }
        Thread.sleep(PUBLISH_GRACE_MS);
        int read = 0;
        for (Node b : brokers) {
            CatchUp c = catchUp.get(b.id());
            ObjectNode v = readValue(b.id(), target);
            if (!c.done()) {
                history.complete(process.get(b.id()), OpType.INFO, ClientOps.METADATA_READ, v,
                        "not caught up within " + timeout.toSeconds() + " s: last log end offset seen " + c.last);
                continue;
            }
            v.put(MetadataFields.OFFSET, c.caughtUpAt);
            String error = readUntil(b, v, deadline);
            history.complete(process.get(b.id()), error == null ? OpType.OK : OpType.INFO, ClientOps.METADATA_READ, v, error);
            if (error == null) read++;
        }
        return read;
    }

    /**
     * Reads the broker into {@code v}, again every {@value #POLL_MS} ms until the deadline while it cannot be read: a
     * restarted node fetches the metadata log as a voter before its broker listener takes connections. Returns null,
     * or the last error.
     */
    private String readUntil(Node b, ObjectNode v, long deadline) throws InterruptedException {
        while (true) {
            try {
                v.set(MetadataFields.TOPICS, BrokerView.read(b.host(), b.port(), prefix));
                return null;
            } catch (Exception e) {
                if (System.nanoTime() - deadline >= 0) return AdminOutcome.describe(e);
            }
            Thread.sleep(POLL_MS);
        }
    }

    /**
     * Records why no broker could be read (a quorum that lost its leader for good, brokers that cannot be listed): one
     * {@code metadata-read} completing {@code info}, so the checker says what was not judged and why. Returns 0.
     */
    private int unread(String why) {
        int p = ids.next();
        history.invoke(p, ClientOps.METADATA_READ, Json.object());
        history.complete(p, OpType.INFO, ClientOps.METADATA_READ, Json.object(), why);
        return 0;
    }

    private static ObjectNode readValue(int node, long target) {
        return Json.object().put(MetadataFields.NODE, node).put(MetadataFields.TARGET_OFFSET, target);
    }

    private List<Node> brokers() throws InterruptedException {
        try {
            List<Node> nodes = new ArrayList<>(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS));
            nodes.sort(Comparator.comparingInt(Node::id));
            return nodes;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot list the brokers: " + AdminOutcome.describe(e), e);
        }
    }

    /** One broker's progress: the offset it first reached at or past the target, then two further fetches. */
    private static final class CatchUp {
        private final long target;
        private long last = -1;
        private long caughtUpAt = -1;
        private int laterFetches;

        CatchUp(long target) {
            this.target = target;
        }

        void saw(long offset) {
            if (offset < 0) return;
            if (caughtUpAt < 0) {
                if (offset >= target) caughtUpAt = offset;
            } else if (offset > last) {
                laterFetches++;
            }
            last = offset;
        }

        boolean done() {
            return caughtUpAt >= 0 && laterFetches >= 2;
        }
    }
}
