package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.kchaos.history.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One JSON-object file of a run folder as read, leniently: its root (a MissingNode unless it was read) or why it could
 * not be read. The only place that parses run.json and results.json.
 *
 * @param detail the parser's message for an unreadable file, else null
 */
public record FolderJson(Path path, JsonNode root, Status status, String detail) {
    /** How reading went. */
    public enum Status { READ, MISSING, UNREADABLE, NOT_OBJECT }

    static FolderJson read(Path file) {
        if (!Files.isRegularFile(file)) return new FolderJson(file, MissingNode.getInstance(), Status.MISSING, null);
        try {
            JsonNode n = Json.MAPPER.readTree(file.toFile());
            if (n == null || !n.isObject()) return new FolderJson(file, MissingNode.getInstance(), Status.NOT_OBJECT, null);
            return new FolderJson(file, n, Status.READ, null);
        } catch (IOException e) {
            return new FolderJson(file, MissingNode.getInstance(), Status.UNREADABLE, e.getMessage());
        }
    }

    /** Whether the file held a JSON object. */
    public boolean isRead() {
        return status == Status.READ;
    }

    /** Why the file could not be used ("run.json not found", ...), or null when it was read. */
    public String problem() {
        String name = path.getFileName().toString();
        return switch (status) {
            case READ -> null;
            case MISSING -> name + " not found";
            case NOT_OBJECT -> name + " is not a JSON object";
            case UNREADABLE -> name + " is unreadable: " + firstLine(detail);
        };
    }

    /** The first line of a message ("no detail" for null), for one-line problems. */
    public static String firstLine(String s) {
        if (s == null) return "no detail";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
