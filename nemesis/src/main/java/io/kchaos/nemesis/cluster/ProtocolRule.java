package io.kchaos.nemesis.cluster;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.util.List;
import java.util.OptionalInt;

/**
 * One protocol fault as the proxy takes it: {@code kind} (hold, delay, drop-response, duplicate, error) on requests of
 * {@code apis} (Kafka API key names such as PRODUCE, END_TXN), optionally to one node only, on a share of them, at most
 * {@code count} times; with its settings (delay range, error name, release point, hold deadline). A link kind
 * (latency, bandwidth, slice, reset, blackhole) names no API key and acts on the bytes of a node's client
 * connections, with its delay range, {@code rate} (bytes a second) or {@code sliceBytes}.
 */
public record ProtocolRule(String id, String kind, List<String> apis, OptionalInt node, double share, int count,
                           long delayMinMs, long delayMaxMs, boolean responses, String error, String releaseAfter, long holdMs,
                           String transactionalId, long rate, int sliceBytes) {

    /** A rule acting on every matching request, without settings; refine it with the {@code with*} methods. */
    public static ProtocolRule of(String id, String kind, List<String> apis) {
        return new ProtocolRule(id, kind, List.copyOf(apis), OptionalInt.empty(), 1.0, Integer.MAX_VALUE, 0, 0, false, null, null, 20_000, null, 0, 0);
    }

    public ProtocolRule withId(String newId) {
        return new ProtocolRule(newId, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    public ProtocolRule onNode(int n) {
        return new ProtocolRule(id, kind, apis, OptionalInt.of(n), share, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    public ProtocolRule withShare(double s) {
        return new ProtocolRule(id, kind, apis, node, s, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    public ProtocolRule withCount(int c) {
        return new ProtocolRule(id, kind, apis, node, share, c, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    public ProtocolRule withDelay(long minMs, long maxMs, boolean onResponses) {
        return new ProtocolRule(id, kind, apis, node, share, count, minMs, maxMs, onResponses, error, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    public ProtocolRule withError(String e) {
        return new ProtocolRule(id, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, e, releaseAfter, holdMs, transactionalId, rate, sliceBytes);
    }

    /** A hold released once the client's next request of {@code api} went through, or after {@code maxMs}. */
    public ProtocolRule withRelease(String api, long maxMs) {
        return new ProtocolRule(id, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, error, api, maxMs, transactionalId, rate, sliceBytes);
    }

    /** Only requests of this transactional id (Produce, AddPartitionsToTxn, EndTxn, TxnOffsetCommit, ...). */
    public ProtocolRule forTransactionalId(String txnId) {
        return new ProtocolRule(id, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, txnId, rate, sliceBytes);
    }

    /** A bandwidth limit of {@code bytesPerSecond} each way on a node's client connections. */
    public ProtocolRule withRate(long bytesPerSecond) {
        return new ProtocolRule(id, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, bytesPerSecond, sliceBytes);
    }

    /** Writes to a node's clients in slices of about {@code bytes}. */
    public ProtocolRule withSlices(int bytes) {
        return new ProtocolRule(id, kind, apis, node, share, count, delayMinMs, delayMaxMs, responses, error, releaseAfter, holdMs, transactionalId, rate, bytes);
    }

    /** The rule as the proxy's control protocol takes it. */
    public ObjectNode toJson() {
        ObjectNode j = Json.object();
        j.put("id", id);
        j.put("kind", kind);
        ArrayNode a = j.putArray("apis");
        apis.forEach(a::add);
        node.ifPresent(n -> j.put("node", n));
        if (share < 1.0) j.put("share", share);
        if (count != Integer.MAX_VALUE) j.put("count", count);
        if (delayMaxMs > 0) j.putArray("delay-ms").add(delayMinMs).add(delayMaxMs);
        if (responses) j.put("responses", true);
        if (error != null) j.put("error", error);
        if (releaseAfter != null) j.put("release-after", releaseAfter);
        j.put("hold-ms", holdMs);
        if (transactionalId != null) j.put("transactional-id", transactionalId);
        if (rate > 0) j.put("rate", rate);
        if (sliceBytes > 0) j.put("slice-bytes", sliceBytes);
        return j;
    }
}
