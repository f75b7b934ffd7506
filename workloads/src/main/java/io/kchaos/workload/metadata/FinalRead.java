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
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The metadata workload's final phase: takes the quorum's high watermark as the target, waits until each broker has
 * caught up to it, then records one {@code metadata-read} per broker with what that broker alone serves. Every broker
 * the run started with is read ({@link BrokerRoster}), whether {@code describeCluster} still lists it (it lists only
 * unfenced brokers) or not. A broker has caught up once the quorum leader saw it fetch at or past the target and then
 * fetch twice more: the response to the first of those was sent after the target was read, so it told the broker a
 * high watermark at or past the target, and the second fetch shows the broker had that response; {@value
 * #PUBLISH_GRACE_MS} ms more let it publish it. A broker that does not catch up within the timeout, or cannot be read,
 * completes {@code info} naming why; so does each broker when no quorum answers.
 */
final class FinalRead {
    static final long PUBLISH_GRACE_MS = 1_000;
    private static final long POLL_MS = 250;

    private final Admin admin;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final String prefix;
    private final Duration timeout;
    private final Map<Integer, Node> started;
    private String listError = "describeCluster listed none at the end";

    /** {@code started}: the brokers the run started with ({@link BrokerRoster}), each read whether listed at the end or not. */
    FinalRead(Admin admin, HistoryWriter history, ProcessIds ids, String prefix, Duration timeout, Map<Integer, Node> started) {
        this.admin = admin;
        this.started = started;
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
            if (System.nanoTime() - deadline >= 0) {
                return unread(brokers(), "no metadata quorum answered within " + timeout.toSeconds() + " s");
            }
            q = QuorumSample.record(admin, history, quorumProcess);
            if (q == null) quorumProcess = ids.next();
            else if (q.highWatermark() < 0) Thread.sleep(POLL_MS);
        }
        long target = q.highWatermark();
        Map<Integer, Target> brokers = brokers();
        if (brokers.isEmpty()) return unread(brokers, "no broker known: none listed at the start, and " + listError);
        Map<Integer, Integer> process = new HashMap<>();
        for (int b : brokers.keySet()) {
            process.put(b, ids.next());
            history.invoke(process.get(b), ClientOps.METADATA_READ, readValue(b, target));
        }
        Map<Integer, CatchUp> catchUp = new HashMap<>();
        brokers.keySet().forEach(b -> catchUp.put(b, new CatchUp(target)));
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
        for (Map.Entry<Integer, Target> e : brokers.entrySet()) {
            int b = e.getKey();
            CatchUp c = catchUp.get(b);
            ObjectNode v = readValue(b, target);
            if (!c.done()) {
                history.complete(process.get(b), OpType.INFO, ClientOps.METADATA_READ, v,
                        "not caught up within " + timeout.toSeconds() + " s: last log end offset seen " + c.last + e.getValue().note);
                continue;
            }
            v.put(MetadataFields.OFFSET, c.caughtUpAt);
            String error = readUntil(e.getValue().node, v, deadline);
            history.complete(process.get(b), error == null ? OpType.OK : OpType.INFO, ClientOps.METADATA_READ, v,
                    error == null ? null : "unreachable: " + error + e.getValue().note);
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
     * Records why none of {@code brokers} could be read (a quorum that lost its leader for good): one {@code
     * metadata-read} completing {@code info} for each, or one naming no node when none is known, so the checker names
     * what was not judged and why. Returns 0.
     */
    private int unread(Map<Integer, Target> brokers, String why) {
        if (brokers.isEmpty()) {
            int p = ids.next();
            history.invoke(p, ClientOps.METADATA_READ, Json.object());
            history.complete(p, OpType.INFO, ClientOps.METADATA_READ, Json.object(), why);
        }
        brokers.forEach((b, t) -> {
            int p = ids.next();
            ObjectNode v = Json.object().put(MetadataFields.NODE, b);
            history.invoke(p, ClientOps.METADATA_READ, v);
            history.complete(p, OpType.INFO, ClientOps.METADATA_READ, v, why + t.note);
        });
        return 0;
    }

    private static ObjectNode readValue(int node, long target) {
        return Json.object().put(MetadataFields.NODE, node).put(MetadataFields.TARGET_OFFSET, target);
    }

    /**
     * Every broker to read: those the run started with and any other {@code describeCluster} lists now, each at the
     * address it lists now, else at the one listed at the start. A broker it no longer lists (fenced, or not
     * registered) is still read; its note says so.
     */
    private Map<Integer, Target> brokers() throws InterruptedException {
        Map<Integer, Node> listed;
        String note;
        try {
            listed = BrokerRoster.byId(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS));
            note = "; not listed by describeCluster at the end (fenced, or not registered)";
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            listed = Map.of();
            listError = "describeCluster failed at the end: " + AdminOutcome.describe(e);
            note = "; " + listError;
        }
        Map<Integer, Target> out = new TreeMap<>();
        for (Map.Entry<Integer, Node> e : started.entrySet()) {
            Node now = listed.get(e.getKey());
            out.put(e.getKey(), now != null ? new Target(now, "") : new Target(e.getValue(), note));
        }
        listed.forEach((id, n) -> out.putIfAbsent(id, new Target(n, "")));
        return out;
    }

    /** Where to read one broker, and what to add to the reason it was not read (empty when nothing is amiss). */
    private record Target(Node node, String note) {
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
