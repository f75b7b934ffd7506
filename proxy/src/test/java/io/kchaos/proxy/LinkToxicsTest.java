package io.kchaos.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The link toxics on a Netty embedded channel: what passes, when, in which pieces, and what the action log says. */
class LinkToxicsTest {
    @TempDir
    Path dir;
    private Links links;
    private EmbeddedChannel ch;

    @BeforeEach
    void attach() {
        links = new Links(new ActionLog(dir.resolve("actions.jsonl")));
        ch = new EmbeddedChannel();
        links.attach(ch, 2, "c->p", "client-1");
    }

    @Test
    void withoutARuleBytesPassAtOnceBothWays() {
        ch.writeInbound(bytes("req"));
        assertEquals("req", text(ch.readInbound()));
        ch.writeOutbound(bytes("resp"));
        assertEquals("resp", text(ch.readOutbound()));
    }

    @Test
    void latencyDelaysEachChunkInOrderAndTheHealRecordsWhatItDid() throws Exception {
        links.add(rule("{\"id\":\"l\",\"kind\":\"latency\",\"node\":2,\"delay-ms\":[150,150]}"));
        long t0 = System.nanoTime();
        ch.writeInbound(bytes("a"));
        ch.writeInbound(bytes("b"));
        ch.writeOutbound(bytes("x"));
        assertNull(ch.readInbound(), "nothing passes before its time");
        assertNull(ch.readOutbound());
        String in = drainInbound(2, 2000);
        assertEquals("ab", in);
        assertTrue(System.nanoTime() - t0 >= 150_000_000L);
        assertEquals("x", drainOutbound(1, 2000));
        links.remove("l");
        ch.runPendingTasks();
        String log = Files.readString(dir.resolve("actions.jsonl"));
        assertTrue(log.contains("\"did\":\"latency on the client's connection\"") && log.contains("delayed 3 chunks by 150 ms on average"), log);
        ch.writeInbound(bytes("c"));
        assertEquals("c", text(ch.readInbound()), "healed: at once again");
    }

    @Test
    void aRuleOnAnotherNodeLeavesTheConnectionAlone() throws Exception {
        links.add(rule("{\"id\":\"l\",\"kind\":\"latency\",\"node\":1,\"delay-ms\":[500,500]}"));
        ch.writeInbound(bytes("a"));
        assertEquals("a", text(ch.readInbound()));
    }

    @Test
    void bandwidthPacesTheBytesAtItsRate() throws Exception {
        links.add(rule("{\"id\":\"b\",\"kind\":\"bandwidth\",\"rate\":1000}"));
        long t0 = System.nanoTime();
        ch.writeOutbound(bytes("x".repeat(100)));
        ch.writeOutbound(bytes("y".repeat(100)));
        assertEquals("x".repeat(100) + "y".repeat(100), drainOutbound(2, 3000));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 190, "200 bytes at 1000 B/s took " + ms + " ms");
    }

    @Test
    void sliceWritesAResponseInSmallPiecesWithItsBytesIntact() throws Exception {
        links.add(rule("{\"id\":\"s\",\"kind\":\"slice\",\"slice-bytes\":10,\"delay-ms\":[1,1]}"));
        String payload = "0123456789".repeat(10);
        ch.writeOutbound(bytes(payload));
        StringBuilder out = new StringBuilder();
        int pieces = 0;
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (out.length() < payload.length() && System.nanoTime() < deadline) {
            ch.runScheduledPendingTasks();
            ByteBuf b;
            while ((b = ch.readOutbound()) != null) {
                assertTrue(b.readableBytes() <= 15, "a slice of " + b.readableBytes());
                out.append(text(b));
                pieces++;
            }
            Thread.sleep(1);
        }
        assertEquals(payload, out.toString());
        assertTrue(pieces >= 7, pieces + " slices");
    }

    @Test
    void resetClosesTheNodesConnectionsAndEachNewOne() throws Exception {
        links.add(rule("{\"id\":\"r\",\"kind\":\"reset\",\"node\":2}"));
        ch.runPendingTasks();
        assertFalse(ch.isOpen(), "the open connection was reset");
        EmbeddedChannel next = new EmbeddedChannel();
        links.attach(next, 2, "c2->p", "client-2");
        next.runPendingTasks();
        assertFalse(next.isOpen(), "a new one too");
        links.remove("r");
        EmbeddedChannel healed = new EmbeddedChannel();
        links.attach(healed, 2, "c3->p", "client-3");
        healed.runPendingTasks();
        assertTrue(healed.isOpen(), "not after the heal");
        String log = Files.readString(dir.resolve("actions.jsonl"));
        assertEquals(2, log.lines().filter(l -> l.contains("reset the client's connection (TCP RST)")).count(), log);
    }

    @Test
    void aBlackHolePassesNothingAndItsHealClosesTheConnectionThatLostBytes() throws Exception {
        links.add(rule("{\"id\":\"h\",\"kind\":\"blackhole\"}"));
        ch.writeInbound(bytes("lost"));
        ch.writeOutbound(bytes("gone"));
        // Seen, not slept on: the hole took the chunks (its action is logged as the first one falls in), and nothing
        // is scheduled on the channel's loop, so no later task can let them through; a delayed pass would be a task.
        assertTrue(Files.readString(dir.resolve("actions.jsonl")).contains("blackhole on the client's connection"), "the hole took the bytes");
        assertEquals(-1, ch.runScheduledPendingTasks(), "no task left that could deliver them later");
        assertNull(ch.readInbound());
        assertNull(ch.readOutbound());
        assertTrue(ch.isOpen(), "the connection stays open while the hole lasts");
        links.remove("h");
        ch.runPendingTasks();
        assertFalse(ch.isOpen());
        String log = Files.readString(dir.resolve("actions.jsonl"));
        assertTrue(log.contains("threw away 8 bytes; closed the connection"), log);
    }

    private String drainInbound(int chunks, long ms) throws InterruptedException {
        return drain(chunks, ms, ch::readInbound);
    }

    private String drainOutbound(int chunks, long ms) throws InterruptedException {
        return drain(chunks, ms, ch::readOutbound);
    }

    /** Runs the channel's due tasks until {@code chunks} chunks came out of {@code next} (or {@code ms} passed). */
    private String drain(int chunks, long ms, Supplier<Object> next) throws InterruptedException {
        StringBuilder sb = new StringBuilder();
        long deadline = System.nanoTime() + ms * 1_000_000;
        int n = 0;
        while (n < chunks && System.nanoTime() < deadline) {
            ch.runScheduledPendingTasks();
            Object o;
            while ((o = next.get()) != null) {
                sb.append(text(o));
                n++;
            }
            Thread.sleep(5);
        }
        return sb.toString();
    }

    private static Rule rule(String json) throws Exception {
        return Rule.parse(ActionLog.JSON.readTree(json));
    }

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
    }

    private static String text(Object o) {
        ByteBuf b = (ByteBuf) o;
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }
}
