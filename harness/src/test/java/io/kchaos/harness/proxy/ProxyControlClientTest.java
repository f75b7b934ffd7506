package io.kchaos.harness.proxy;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's control connection sends the token before any command, and a refusal fails it without showing the token. */
class ProxyControlClientTest {
    /** A stand-in for the proxy's control port: records every line it gets and answers the first with {@code firstReply}, the rest ok. */
    private static List<String> fakeProxy(ServerSocket server, String firstReply) {
        List<String> got = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try (Socket s = server.accept()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                OutputStream out = s.getOutputStream();
                String line;
                while ((line = in.readLine()) != null) {
                    got.add(line);
                    out.write(((got.size() == 1 ? firstReply : "ok") + "\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    if (got.size() == 1 && !firstReply.equals("ok")) return;
                }
            } catch (IOException ignored) {
                // the test is over
            }
        }, "fake-proxy");
        t.setDaemon(true);
        t.start();
        return got;
    }

    @Test
    void theFirstLineIsAuthWithTheTokenThenTheCommands() throws IOException {
        ControlSecret secret = ControlSecret.fresh();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> got = fakeProxy(server, "ok");
            try (ProxyControlClient c = new ProxyControlClient(server.getLocalPort(), secret)) {
                assertEquals("", c.command("ping"));
            }
            assertEquals(List.of("auth " + secret.value(), "ping"), got);
        }
    }

    @Test
    void aRefusedTokenFailsTheConnectionAndTheMessageDoesNotShowIt() throws IOException {
        ControlSecret secret = ControlSecret.fresh();
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            fakeProxy(server, "error unauthenticated");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ProxyControlClient(server.getLocalPort(), secret).close());
            assertTrue(e.getMessage().contains("error unauthenticated"), e.getMessage());
            assertFalse(e.getMessage().contains(secret.value()), e.getMessage());
        }
    }
}
