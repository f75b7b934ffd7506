package io.kchaos.proxy;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The harness's line protocol, on a loopback port. A connection's first line must be {@code auth <token>} ({@link
 * AuthGate}); any other first line is answered {@code error unauthenticated} and the connection closed, the rules left
 * as they are. After {@code ok}: {@code add <rule JSON>}, {@code remove <id>}, {@code clear}, {@code ping}, each
 * answered {@code ok} or {@code error <message>}; and {@code rules}, answered {@code ok ["id",...]} with the ids of the
 * rules switched on (the harness reads a change back with it). Actions are pushed on the same connection as
 * {@code action <JSON>} lines. When the harness's connection closes, every rule is cleared.
 */
final class ControlServer implements AutoCloseable {
    /** How long a connection may take to send its {@code auth} line. */
    static final int AUTH_TIMEOUT_MS = 5_000;
    private static final int BACKLOG = 50;

    private final ServerSocket server;
    private final Faults faults;
    private final AuthGate gate;
    /** Held while an authenticated connection is served: one at a time, as the action log has one connection. */
    private final Object session = new Object();

    ControlServer(int port, Faults faults, ControlToken token) throws IOException {
        this(port, faults, token, AUTH_TIMEOUT_MS);
    }

    ControlServer(int port, Faults faults, ControlToken token, int authTimeoutMs) throws IOException {
        this.server = new ServerSocket(port, BACKLOG, InetAddress.getLoopbackAddress());
        this.faults = faults;
        this.gate = new AuthGate(token, authTimeoutMs);
    }

    /** The port it listens on (the one given, or the one the system chose for 0). */
    int port() {
        return server.getLocalPort();
    }

    /**
     * Accepts connections forever (the proxy JVM ends with the harness), each on its own thread, so a connection that
     * never authenticates holds up no other.
     */
    void serve() throws IOException {
        while (true) {
            Socket s = server.accept();
            Thread t = new Thread(() -> connection(s), "kchaos-proxy-control");
            t.setDaemon(true);
            t.start();
        }
    }

    /** Stops accepting connections ({@link #serve} then throws); the proxy JVM itself just exits. */
    @Override
    public void close() throws IOException {
        server.close();
    }

    private void connection(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            if (!gate.admit(s)) {
                System.err.println("kchaos proxy: refused a control connection without the token");
                return;
            }
            synchronized (session) {
                serveAuthenticated(s);
            }
        } catch (IOException e) {
            System.err.println("kchaos proxy: control connection lost: " + e.getMessage());
        }
    }

    private void serveAuthenticated(Socket s) throws IOException {
        try {
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            faults.log().attach(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8));
            faults.log().reply("ok");
            String line;
            while ((line = in.readLine()) != null) faults.log().reply(handle(line.trim()));
        } finally {
            faults.log().attach(null);
            faults.clear();
        }
    }

    /** The reply to one command line. */
    String handle(String line) {
        try {
            int space = line.indexOf(' ');
            String verb = space < 0 ? line : line.substring(0, space);
            String arg = space < 0 ? "" : line.substring(space + 1).trim();
            switch (verb) {
                case "ping" -> {
                }
                case "add" -> {
                    JsonNode j = ActionLog.JSON.readTree(arg);
                    faults.add(Rule.parse(j));
                }
                case "remove" -> faults.remove(arg);
                case "clear" -> faults.clear();
                case "rules" -> {
                    return "ok " + ActionLog.JSON.writeValueAsString(faults.ruleIds());
                }
                default -> throw new IllegalArgumentException("unknown command " + verb);
            }
            return "ok";
        } catch (Exception e) {
            return "error " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replace('\n', ' '));
        }
    }
}
