package io.kchaos.history;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A history.jsonl file read line by line. A torn last line (no newline at the end and not parseable) is a warning
 * and is skipped; any other malformed line is a {@link HistoryFormatException} naming its line number.
 */
public final class HistoryFile implements History {
    private final Path path;
    private final List<String> warnings = new ArrayList<>();

    public HistoryFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Fails fast with a one-line reason when the file cannot be opened. */
    public static HistoryFile open(Path path) {
        if (!Files.isRegularFile(path)) throw new HistoryFormatException("history not found or not a file: " + path);
        if (!Files.isReadable(path)) throw new HistoryFormatException("history not readable: " + path);
        return new HistoryFile(path);
    }

    @Override
    public void forEach(Consumer<Op> visitor) {
        warnings.clear();
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            long lineNo = 0;
            while (line != null) {
                lineNo++;
                String next = r.readLine();
                if (line.isBlank()) {
                    line = next;
                    continue;
                }
                Op op;
                try {
                    op = OpCodec.parse(line);
                } catch (IllegalArgumentException e) {
                    if (next == null && !endsWithNewline()) {
                        warnings.add("line " + lineNo + " is truncated (the history ends mid-line); ignored");
                        break;
                    }
                    throw new HistoryFormatException(path + " line " + lineNo + ": " + e.getMessage());
                }
                visitor.accept(op);
                line = next;
            }
        } catch (java.nio.charset.MalformedInputException e) {
            throw new HistoryFormatException(path + ": not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private boolean endsWithNewline() throws IOException {
        try (var ch = Files.newByteChannel(path)) {
            long size = ch.size();
            if (size == 0) return true;
            ch.position(size - 1);
            var buf = java.nio.ByteBuffer.allocate(1);
            ch.read(buf);
            return buf.get(0) == '\n';
        }
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
