package io.kchaos.workload.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.ClientOps;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.ImageOffsets;
import io.kchaos.history.Json;
import io.kchaos.history.MetadataFields;
import io.kchaos.history.OpType;
import io.kchaos.wire.NodeDialer;
import io.kchaos.wire.PublishedMetadataOffset;
import io.kchaos.workload.common.ErrorText;
import io.kchaos.workload.common.ListedBrokers;
import io.kchaos.workload.common.ProcessIds;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The metadata workload's final phase: takes the quorum's high watermark as the target, waits until each broker has
 * published a metadata image holding every offset below it, then records one {@code metadata-read} per broker with
 * what that broker alone serves. Every broker the run started with is read ({@link BrokerRoster}), whether {@code
 * describeCluster} still lists it (it lists only unfenced brokers) or not. A broker's published offset is its own
 * answer ({@link PublishedMetadataOffset}), from the image its Metadata and DescribeConfigs answers come from, which
 * only moves forward: read before those, it bounds what they serve from below. Each broker is asked alone through the
 * run's {@link NodeDialer} (logged in with the run's client settings on a secured cluster). A broker that does not publish the
 * target within the timeout, or cannot be read, completes {@code info} naming why; so does each broker when no quorum
 * answers.
 */
final class FinalRead {
    private static final long POLL_MS = 250;
    private static final int TIMEOUT_MS = 5_000;

    private final Admin admin;
    private final HistoryWriter history;
    private final ProcessIds ids;
    private final String prefix;
    private final Duration timeout;
    private final Map<Integer, Node> started;
    private final NodeDialer dialer;
    private String listError = "describeCluster listed none at the end";

    /**
     * {@code started}: the brokers the run started with ({@link BrokerRoster}), each read whether listed at the end or
     * not; {@code dialer}: how one broker is asked alone.
     */
    FinalRead(Admin admin, HistoryWriter history, ProcessIds ids, String prefix, Duration timeout, Map<Integer, Node> started,
              NodeDialer dialer) {
        this.admin = admin;
        this.history = history;
        this.ids = ids;
        this.prefix = prefix;
        this.timeout = timeout;
        this.started = started;
        this.dialer = dialer;
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
        Map<Integer, Pending> pending = new TreeMap<>();
        brokers.forEach((b, t) -> {
            Pending p = new Pending(ids.next(), t);
            history.invoke(p.process, ClientOps.METADATA_READ, readValue(b, target));
            pending.put(b, p);
        });
        int read = 0;
        while (!pending.isEmpty()) {
            for (Iterator<Map.Entry<Integer, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Integer, Pending> e = it.next();
                ObjectNode v = e.getValue().tryRead(e.getKey(), target);
                if (v == null) continue;
                history.complete(e.getValue().process, OpType.OK, ClientOps.METADATA_READ, v, null);
                it.remove();
                read++;
            }
            if (pending.isEmpty() || System.nanoTime() - deadline >= 0) break;
            Thread.sleep(POLL_MS);
        }
        pending.forEach((b, p) -> history.complete(p.process, OpType.INFO, ClientOps.METADATA_READ, readValue(b, target),
                p.why(target) + p.target.note));
        return read;
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
            listed = ListedBrokers.byId(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS));
            note = "; not listed by describeCluster at the end (fenced, or not registered)";
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            listed = Map.of();
            listError = "describeCluster failed at the end: " + ErrorText.of(e);
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

    /**
     * One broker not read yet: tried again every {@value #POLL_MS} ms until the deadline while it has not published the
     * target or cannot be read (a restarted node fetches the metadata log as a voter before its broker listener takes
     * connections), keeping what it last answered.
     */
    private final class Pending {
        private final int process;
        private final Target target;
        private long published = -1;
        private String error;

        Pending(int process, Target target) {
            this.process = process;
            this.target = target;
        }

        /** The completed read, or null when the broker is not caught up or could not be read this time. */
        ObjectNode tryRead(int node, long targetOffset) {
            Node n = target.node;
            try {
                published = PublishedMetadataOffset.read(dialer, node, n.host(), n.port(), TIMEOUT_MS);
                error = null;
                if (!ImageOffsets.holdsBelow(published, targetOffset)) return null;
                ObjectNode v = readValue(node, targetOffset).put(MetadataFields.OFFSET, published);
                v.set(MetadataFields.TOPICS, BrokerView.read(dialer, node, n.host(), n.port(), prefix));
                return v;
            } catch (Exception e) {
                error = ErrorText.of(e);
                return null;
            }
        }

        /** Why the broker was not read by the deadline. */
        String why(long targetOffset) {
            if (error != null) return "unreachable: " + error + (published < 0 ? "" : " (published metadata offset " + published + ")");
            return "not caught up within " + timeout.toSeconds() + " s: published metadata offset " + published
                    + ", the target " + targetOffset + " needs " + (targetOffset - 1);
        }
    }
}
