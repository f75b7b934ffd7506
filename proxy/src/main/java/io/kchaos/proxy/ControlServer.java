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
 * The harness's line protocol, on a loopback port: {@code add <rule JSON>}, {@code remove <id>}, {@code clear},
 * {@code ping}, each answered {@code ok} or {@code error <message>}; and {@code rules}, answered
 * {@code ok ["id",...]} with the ids of the rules switched on (the harness reads a change back with it). Actions are pushed on the same connection as
 * {@code action <JSON>} lines. When the harness's connection closes, every rule is cleared.
 */
final class ControlServer {
    private final ServerSocket server;
    private final Faults faults;

    ControlServer(int port, Faults faults) throws IOException {
        this.server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        this.faults = faults;
    }

    /** Serves one harness connection after another, forever (the proxy JVM ends with the harness). */
    void serve() throws IOException {
        while (true) {
            try (Socket s = server.accept()) {
                s.setTcpNoDelay(true);
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                faults.log().attach(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) faults.log().reply(handle(line.trim()));
            } catch (IOException e) {
                System.err.println("kchaos proxy: control connection lost: " + e.getMessage());
            } finally {
                faults.log().attach(null);
                faults.clear();
            }
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
