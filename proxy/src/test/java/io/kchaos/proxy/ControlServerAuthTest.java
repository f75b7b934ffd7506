package io.kchaos.proxy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The control port serves only a connection whose first line is {@code auth <token>}: any other first line is refused
 * and the connection closed with the rules untouched, and a connection that never authenticates holds up no other.
 */
class ControlServerAuthTest {
    private static final String TOKEN = "3f9c0a7d1e2b4c6d8e0f1a2b3c4d5e6f3f9c0a7d1e2b4c6d8e0f1a2b3c4d5e6f";
    private static final String RULE = "add {\"id\":\"r1\",\"kind\":\"delay\",\"apis\":[\"PRODUCE\"],\"delay-ms\":[5,5]}";

    private ControlServer server;

    private ControlServer start(Path dir, int authTimeoutMs) throws IOException {
        server = new ControlServer(0, new Faults(Map.of(1, "127.0.0.1:9092"), new ActionLog(dir.resolve("actions.jsonl"))),
                ControlToken.of(TOKEN).orElseThrow(), authTimeoutMs);
        Thread t = new Thread(() -> {
            try {
                server.serve();
            } catch (IOException closed) {
                // the test closed the server
            }
        }, "control-server-test");
        t.setDaemon(true);
        t.start();
        return server;
    }

    @AfterEach
    void stop() throws IOException {
        if (server != null) server.close();
    }

    /** One connection to the control port; every read gives up after 10 s, so a test cannot hang. */
    private static final class Conn implements AutoCloseable {
        final Socket socket;
        final BufferedReader in;
        final OutputStream out;

        Conn(int port) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(10_000);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = socket.getOutputStream();
        }

        String send(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return in.readLine();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private Conn harness() throws IOException {
        Conn c = new Conn(server.port());
        assertEquals("ok", c.send("auth " + TOKEN));
        return c;
    }

    private static void assertRefused(Conn intruder, String firstLine) throws IOException {
        assertEquals(AuthGate.REFUSED, intruder.send(firstLine), "first line: " + firstLine);
        assertNull(intruder.in.readLine(), "the connection is closed after '" + firstLine + "'");
    }

    @Test
    void theRightTokenIsServedAndEveryOtherFirstLineIsRefusedWithTheRulesUntouched(@TempDir Path dir) throws IOException {
        start(dir, ControlServer.AUTH_TIMEOUT_MS);
        try (Conn h = harness()) {
            assertEquals("ok", h.send(RULE));
            for (String first : new String[] {"auth wrong", "auth " + TOKEN.substring(1), "auth " + TOKEN + "x", "auth", "",
                    RULE.replace("r1", "r2"), "clear", "remove r1", "rules", TOKEN, "x".repeat(AuthGate.MAX_LINE + 10)}) {
                try (Conn intruder = new Conn(server.port())) {
                    assertRefused(intruder, first);
                }
            }
            assertEquals("ok [\"r1\"]", h.send("rules"), "no intruder added, removed or cleared a rule");
        }
    }

    @Test
    void anIntruderHoldingAConnectionOpenDoesNotKeepTheHarnessWaiting(@TempDir Path dir) throws IOException {
        start(dir, 60_000);
        try (Conn silent = new Conn(server.port()); Conn halfLine = new Conn(server.port())) {
            halfLine.out.write("auth ".getBytes(StandardCharsets.UTF_8));
            halfLine.out.flush();
            long t0 = System.nanoTime();
            try (Conn h = harness()) {
                assertEquals("ok", h.send("ping"));
                assertEquals("ok", h.send(RULE));
                assertEquals("ok [\"r1\"]", h.send("rules"));
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 5_000, "the harness was served in " + ms + " ms while two connections sat unauthenticated");
        }
    }

    @Test
    void aConnectionThatNeverAuthenticatesIsRefusedAfterTheTimeout(@TempDir Path dir) throws IOException {
        start(dir, 200);
        try (Conn h = harness(); Conn silent = new Conn(server.port())) {
            assertEquals("ok", h.send(RULE));
            assertEquals(AuthGate.REFUSED, silent.in.readLine());
            assertNull(silent.in.readLine());
            assertEquals("ok [\"r1\"]", h.send("rules"));
        }
    }

    @Test
    void theHarnessConnectionClosingStillClearsTheRules(@TempDir Path dir) throws IOException {
        start(dir, ControlServer.AUTH_TIMEOUT_MS);
        try (Conn h = harness()) {
            assertEquals("ok", h.send(RULE));
        }
        try (Conn next = harness()) {
            assertEquals("ok []", next.send("rules"));
        }
    }
}
