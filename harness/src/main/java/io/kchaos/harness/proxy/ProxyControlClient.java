package io.kchaos.harness.proxy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The harness's end of the proxy's control line protocol: authenticates with the run's token first, then sends a
 * command, waits for its {@code ok} (or throws on {@code error ...}), and hands each {@code action {...}} line the
 * proxy pushes to the listener.
 */
final class ProxyControlClient implements ControlLine, AutoCloseable {
    private static final long REPLY_SECONDS = 15;

    private final Socket socket;
    private final Writer out;
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
    private volatile Consumer<ObjectNode> listener = a -> { };

    /** Connects and sends {@code auth <token>} before anything else; throws when the proxy does not answer it ok. */
    ProxyControlClient(int port, ControlSecret secret) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        try {
            socket.setTcpNoDelay(true);
            out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            Thread reader = new Thread(() -> read(in), "kchaos-proxy-control");
            reader.setDaemon(true);
            reader.start();
            exchange(secret.authLine(), "auth");
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    void onAction(Consumer<ObjectNode> l) {
        listener = l;
    }

    /** Sends one command line; returns once the proxy answered ok, with what followed the ok (empty for most commands). */
    @Override
    public String command(String line) {
        return exchange(line, line);
    }

    /** Sends {@code line}, naming it {@code shown} in any message (the auth line's token is never shown). */
    private synchronized String exchange(String line, String shown) {
        try {
            out.write(line + "\n");
            out.flush();
            String reply = replies.poll(REPLY_SECONDS, TimeUnit.SECONDS);
            if (reply == null) throw new IllegalStateException("the kchaos proxy did not answer '" + shown + "' within " + REPLY_SECONDS + " s");
            if (reply.equals("ok")) return "";
            if (reply.startsWith("ok ")) return reply.substring(3);
            throw new IllegalStateException("the kchaos proxy refused '" + shown + "': " + reply);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the kchaos proxy", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for the kchaos proxy");
        }
    }

    private void read(BufferedReader in) {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("action ")) {
                    try {
                        listener.accept((ObjectNode) Json.MAPPER.readTree(line.substring(7)));
                    } catch (IOException | RuntimeException e) {
                        System.err.println("kchaos: unreadable proxy action: " + line);
                    }
                } else {
                    replies.add(line);
                }
            }
        } catch (IOException e) {
            replies.add("error control connection lost: " + e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
