package io.kchaos.proxy;

import org.apache.kafka.common.protocol.ApiKeys;

import java.util.concurrent.atomic.AtomicBoolean;

/** A request taken out of its client's stream by a hold rule, waiting for its release point; its frame is a copy. */
final class Held {
    final Rule rule;
    final ApiKeys api;
    final short version;
    final int node;
    final String client;
    final byte[] frame;
    final ActionFields fields;
    final long heldAtNanos = System.nanoTime();
    private final AtomicBoolean released = new AtomicBoolean();

    Held(Rule rule, ApiKeys api, short version, int node, String client, byte[] frame, ActionFields fields) {
        this.rule = rule;
        this.api = api;
        this.version = version;
        this.node = node;
        this.client = client;
        this.frame = frame;
        this.fields = fields;
    }

    /** True exactly once: for whoever releases it first (its release point, its deadline, or the heal). */
    boolean release() {
        return released.compareAndSet(false, true);
    }

    long heldMs() {
        return (System.nanoTime() - heldAtNanos) / 1_000_000;
    }
}
