package io.kchaos.proxy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the proxy did, one JSON object a line: appended to its actions file in the run folder, and pushed to the
 * harness over the control connection ({@code action {...}}) so the history records it as it happens.
 */
final class ActionLog {
    static final ObjectMapper JSON = new ObjectMapper();

    private final BufferedWriter file;
    private Writer control;

    ActionLog(Path file) {
        try {
            this.file = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Where actions go besides the file: the harness's control connection, while one is open. */
    synchronized void attach(Writer controlConnection) {
        this.control = controlConnection;
    }

    synchronized void record(ObjectNode action) {
        action.put("time-ms", System.currentTimeMillis());
        String line = action.toString();
        try {
            file.write(line);
            file.newLine();
            file.flush();
        } catch (IOException e) {
            System.err.println("kchaos proxy: cannot write an action: " + e.getMessage());
        }
        if (control != null) {
            try {
                control.write("action " + line + "\n");
                control.flush();
            } catch (IOException e) {
                control = null;
            }
        }
    }

    /** A reply on the control connection, in order with the actions. */
    synchronized void reply(String line) throws IOException {
        if (control == null) return;
        control.write(line + "\n");
        control.flush();
    }
}
