package io.kchaos.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;

import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One protocol fault the harness switched on: what it does ({@link Kind}), to which requests (API keys, and optionally a
 * node, a client id, a transactional id, a share of them), how often (at most {@code count} times), and its settings.
 * Parsed from the JSON the harness sends: {@code {"id":"r1","kind":"hold","apis":["END_TXN"],"node":2,
 * "release-after":"PRODUCE","max-hold-ms":20000}}. A link rule ({@link Kind#onLink}) names no API key: it acts on
 * every byte of a node's client connections ({@code {"id":"r2","kind":"latency","node":1,"delay-ms":[400,600]}}).
 */
public final class Rule {
    /** What a rule does to a matching request. */
    public enum Kind {
        /** Take the request out of the client's stream; deliver it later on a connection of the proxy's own. */
        HOLD,
        /** Forward the request (or its response) late, on the same connection. */
        DELAY,
        /** Forward the request; throw its response away. */
        DROP_RESPONSE,
        /** Forward the request, and deliver a copy of it on a connection of the proxy's own. */
        DUPLICATE,
        /** Answer the request with an error response; the broker never sees it. */
        ERROR,
        /** Every chunk of bytes on a node's client connections, both ways, arrives late (a drawn delay, order kept). */
        LATENCY,
        /** A node's client connections pass at most {@code rate} bytes a second each way. */
        BANDWIDTH,
        /** Writes to a node's clients go out in slices of about {@code slice-bytes}, a drawn delay apart. */
        SLICE,
        /** A node's client connections are reset (TCP RST), and so is each new one while the rule is on. */
        RESET,
        /** A node's client connections pass nothing: bytes both ways are thrown away until the rule is off. */
        BLACKHOLE;

        static Kind parse(String s) {
            return valueOf(s.toUpperCase().replace('-', '_'));
        }

        /** Whether the rule acts on a node's connections' bytes (the link toxics) rather than on single requests. */
        boolean onLink() {
            return ordinal() >= LATENCY.ordinal();
        }

        /** The name the action log records, as the harness names it. */
        String label() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    final String id;
    final Kind kind;
    final Set<ApiKeys> apis;
    final int node;
    final String client;
    final String transactionalId;
    final double share;
    final AtomicInteger remaining;
    final boolean responses;
    final long delayMinMs;
    final long delayMaxMs;
    final Errors error;
    final ApiKeys releaseAfter;
    final long holdMs;
    final long rate;
    final int sliceBytes;

    private Rule(JsonNode j) {
        id = j.path("id").asText();
        kind = Kind.parse(j.path("kind").asText());
        Set<ApiKeys> keys = EnumSet.noneOf(ApiKeys.class);
        j.path("apis").forEach(a -> keys.add(ApiKeys.valueOf(a.asText())));
        if (keys.isEmpty() && !kind.onLink()) throw new IllegalArgumentException("a rule needs at least one API key");
        apis = keys;
        node = j.path("node").asInt(-1);
        client = j.path("client").asText(null);
        transactionalId = j.path("transactional-id").asText(null);
        share = j.path("share").asDouble(1.0);
        remaining = new AtomicInteger(j.path("count").asInt(kind == Kind.HOLD ? 1 : Integer.MAX_VALUE));
        responses = j.path("responses").asBoolean(false);
        delayMinMs = j.path("delay-ms").path(0).asLong(0);
        delayMaxMs = j.path("delay-ms").path(1).asLong(delayMinMs);
        error = j.has("error") ? Errors.valueOf(j.path("error").asText()) : Errors.NONE;
        releaseAfter = j.has("release-after") ? ApiKeys.valueOf(j.path("release-after").asText()) : null;
        holdMs = j.path("hold-ms").asLong(20_000);
        rate = j.path("rate").asLong(0);
        sliceBytes = j.path("slice-bytes").asInt(0);
        if (id.isEmpty()) throw new IllegalArgumentException("a rule needs an id");
        if (kind == Kind.ERROR && error == Errors.NONE) throw new IllegalArgumentException("an error rule needs an error");
        if (kind == Kind.BANDWIDTH && rate <= 0) throw new IllegalArgumentException("a bandwidth rule needs a rate (bytes a second)");
        if (kind == Kind.SLICE && sliceBytes <= 0) throw new IllegalArgumentException("a slice rule needs slice-bytes");
    }

    /** The rule this JSON describes; IllegalArgumentException when it is not one. */
    public static Rule parse(JsonNode j) {
        return new Rule(j);
    }

    /**
     * Whether this request is one the rule acts on now, taking one of its remaining actions when it is: right API key,
     * node, client and transactional id, then a draw against its share.
     */
    boolean claims(ApiKeys api, int requestNode, String clientId, String txnId) {
        if (!apis.contains(api)) return false;
        if (node >= 0 && node != requestNode) return false;
        if (client != null && (clientId == null || !clientId.contains(client))) return false;
        if (transactionalId != null && !transactionalId.equals(txnId)) return false;
        if (share < 1.0 && ThreadLocalRandom.current().nextDouble() >= share) return false;
        while (true) {
            int left = remaining.get();
            if (left <= 0) return false;
            if (remaining.compareAndSet(left, left - 1)) return true;
        }
    }

    /** Whether this link rule acts on the connections of {@code connectionNode}. */
    boolean onNode(int connectionNode) {
        return node < 0 || node == connectionNode;
    }

    /** A delay drawn uniformly from the rule's range. */
    long drawDelayMs() {
        return delayMaxMs <= delayMinMs ? delayMinMs : ThreadLocalRandom.current().nextLong(delayMinMs, delayMaxMs + 1);
    }
}
