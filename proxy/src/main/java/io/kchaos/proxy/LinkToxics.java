package io.kchaos.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The link toxics of one client connection, first in its Netty pipeline: each chunk of bytes read from the client or
 * written to it passes at once while no link rule acts on its node; under one it waits (latency, bandwidth), goes out
 * in slices (slice, writes), is thrown away (black hole), or the connection is reset (reset). Each way keeps its
 * order: a chunk never overtakes an earlier one. Runs on the channel's event loop only.
 */
final class LinkToxics extends ChannelDuplexHandler {
    private static final int READ = 0;
    private static final int WRITE = 1;

    final int node;
    private final Links links;
    private final String connection;
    private final String client;
    private final long[] due = new long[2];
    private final long[] paced = new long[2];
    private final Map<String, Tally> tallies = new HashMap<>();
    private ChannelHandlerContext ctx;
    private boolean lostBytes;

    LinkToxics(Links links, int node, String connection, String client) {
        this.links = links;
        this.node = node;
        this.connection = connection;
        this.client = client;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext c) {
        ctx = c;
    }

    /** Runs {@code r} on this connection's event loop. */
    void onLoop(Runnable r) {
        if (ctx != null) ctx.executor().execute(r);
    }

    @Override
    public void channelRead(ChannelHandlerContext c, Object msg) {
        List<Rule> rules = links.on(node);
        if (!(msg instanceof ByteBuf buf) || (due[READ] == 0 && rules.isEmpty())) {
            c.fireChannelRead(msg);
            return;
        }
        long at = dueTime(READ, buf, rules);
        if (at < 0) return;
        if (at == 0) c.fireChannelRead(buf);
        else c.executor().schedule(() -> {
            // Kroxylicious flushes what a read wrote to the broker on the read's completion: a late read needs its own
            c.fireChannelRead(buf);
            c.fireChannelReadComplete();
        }, at - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void write(ChannelHandlerContext c, Object msg, ChannelPromise promise) {
        List<Rule> rules = links.on(node);
        if (!(msg instanceof ByteBuf buf) || (due[WRITE] == 0 && rules.isEmpty())) {
            c.write(msg, promise);
            return;
        }
        Rule slice = rules.stream().filter(r -> r.kind == Rule.Kind.SLICE).findFirst().orElse(null);
        long at = dueTime(WRITE, buf, rules);
        if (at < 0) {
            promise.trySuccess();
            return;
        }
        if (slice == null) {
            if (at == 0) c.write(buf, promise);
            else c.executor().schedule(() -> c.writeAndFlush(buf, promise), at - System.nanoTime(), TimeUnit.NANOSECONDS);
            return;
        }
        writeSliced(c, buf, promise, Math.max(at, System.nanoTime()), slice);
    }

    /** Cuts the chunk into slices of half to one and a half times the rule's size, each the rule's delay after the last. */
    private void writeSliced(ChannelHandlerContext c, ByteBuf buf, ChannelPromise promise, long start, Rule slice) {
        long at = start;
        int slices = 0;
        long gaps = 0;
        while (buf.isReadable()) {
            int n = Math.min(buf.readableBytes(), Math.max(1, ThreadLocalRandom.current().nextInt(slice.sliceBytes / 2, slice.sliceBytes * 3 / 2 + 1)));
            ByteBuf part = buf.readRetainedSlice(n);
            ChannelPromise p = buf.isReadable() ? c.newPromise() : promise;
            c.executor().schedule(() -> c.writeAndFlush(part, p), at - System.nanoTime(), TimeUnit.NANOSECONDS);
            slices++;
            if (buf.isReadable()) {
                long gap = TimeUnit.MILLISECONDS.toNanos(slice.drawDelayMs());
                at += gap;
                gaps += gap;
            }
        }
        buf.release();
        due[WRITE] = at;
        tally(slice).add(slices, gaps);
    }

    /**
     * When the chunk may pass: 0 for at once, a nanoTime to wait for, or -1 when it is gone (thrown away, or the
     * connection reset). Never before the chunk before it the same way.
     */
    private long dueTime(int way, ByteBuf buf, List<Rule> rules) {
        long now = System.nanoTime();
        long at = now;
        for (Rule r : rules) {
            switch (r.kind) {
                case BLACKHOLE -> {
                    tally(r).add(buf.readableBytes(), 0);
                    lostBytes = true;
                    buf.release();
                    return -1;
                }
                case RESET -> {
                    buf.release();
                    reset(r);
                    return -1;
                }
                case LATENCY -> {
                    long d = TimeUnit.MILLISECONDS.toNanos(r.drawDelayMs());
                    at += d;
                    tally(r).add(1, d);
                }
                case BANDWIDTH -> {
                    long start = Math.max(at, paced[way]);
                    paced[way] = start + buf.readableBytes() * 1_000_000_000L / r.rate;
                    tally(r).add(1, paced[way] - at);
                    at = paced[way];
                }
                default -> {
                    // slices are cut in write()
                }
            }
        }
        at = Math.max(at, due[way]);
        if (at <= now) {
            due[way] = 0;
            return 0;
        }
        due[way] = at;
        return at;
    }

    /** Resets the connection: SO_LINGER 0, then close, so the client gets a TCP RST. */
    void reset(Rule r) {
        if (ctx == null || !ctx.channel().isOpen()) return;
        ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
        ctx.channel().close();
        links.log().record(fields(r).action("reset the client's connection (TCP RST)"));
    }

    /** The rule was switched off: records what it did here; a connection that lost bytes to a black hole is closed. */
    void healed(Rule r) {
        Tally t = tallies.remove(r.id);
        if (t == null) return;
        String did = switch (r.kind) {
            case LATENCY -> "delayed " + t.count + " chunks by " + t.meanMs() + " ms on average (at most " + t.maxMs() + " ms)";
            case BANDWIDTH -> "paced " + t.count + " chunks, holding them " + t.meanMs() + " ms on average (at most " + t.maxMs() + " ms)";
            case SLICE -> "wrote in " + t.count + " slices with " + t.sumMs() + " ms of gaps in all";
            case BLACKHOLE -> "threw away " + t.count + " bytes" + (lostBytes && ctx != null && ctx.channel().isOpen()
                    ? "; closed the connection, its stream cut mid-frame" : "");
            default -> "acted";
        };
        if (r.kind == Rule.Kind.BLACKHOLE && lostBytes && ctx != null) ctx.channel().close();
        links.log().record(fields(r).action(did));
    }

    private Tally tally(Rule r) {
        return tallies.computeIfAbsent(r.id, id -> {
            links.log().record(fields(r).action(r.kind.label() + " on the client's connection"));
            return new Tally();
        });
    }

    private ActionFields fields(Rule r) {
        return new ActionFields(r.id, r.kind.label(), null, (short) -1, -1, node, client, connection, null, null);
    }

    /** What one rule did to this connection: how many chunks (or bytes, or slices) and how much delay. */
    private static final class Tally {
        long count;
        long nanos;
        long maxNanos;

        void add(long n, long delayNanos) {
            count += n;
            nanos += delayNanos;
            maxNanos = Math.max(maxNanos, delayNanos);
        }

        long meanMs() {
            return count == 0 ? 0 : nanos / count / 1_000_000;
        }

        long maxMs() {
            return maxNanos / 1_000_000;
        }

        long sumMs() {
            return nanos / 1_000_000;
        }
    }
}
