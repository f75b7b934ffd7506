package io.kchaos.history;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A history.jsonl file read line by line, strictly: each line is exactly one op ({@link OpCodec#parse}) and the ops
 * keep the rules between lines ({@link LineRules}); anything else is a {@link HistoryFormatException} naming the line.
 * The one exception is a torn last line (no newline at the end and not parseable, as a crashed writer leaves): a
 * warning, and skipped. Lines are never longer than {@link BoundedLines#MAX_LINE_CHARS}, so reading needs little heap.
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

    /** Fails fast with a one-line reason when the path is not a readable regular file. */
    public static HistoryFile open(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.exists(path)) throw new HistoryFormatException("history not found: " + path);
        if (Files.isDirectory(path)) throw new HistoryFormatException("history is a directory, not a file: " + path);
        if (!Files.isRegularFile(path)) {
            throw new HistoryFormatException("history is not a regular file (a named pipe or device can be read only once, and"
                    + " kchaos reads a history several times): " + path + "; give a file, or '-' to read standard input");
        }
        if (!Files.isReadable(path)) throw new HistoryFormatException("history not readable: " + path);
        return new HistoryFile(path);
    }

    @Override
    public void forEach(Consumer<Op> visitor) {
        warnings.clear();
        LineRules rules = new LineRules();
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        long lineNo = 0;
        try (Reader r = new InputStreamReader(Files.newInputStream(path), decoder)) {
            BoundedLines lines = new BoundedLines(r);
            String line = lines.next();
            while (line != null) {
                lineNo++;
                boolean terminated = lines.endedWithNewline();
                String next = lines.next();
                if (!line.isBlank()) {
                    Op op;
                    try {
                        op = OpCodec.parse(line);
                    } catch (IllegalArgumentException e) {
                        if (next == null && !terminated) {
                            warnings.add("line " + lineNo + " is truncated (the history ends mid-line); ignored");
                            break;
                        }
                        throw malformed(lineNo, e.getMessage());
                    }
                    try {
                        rules.check(op, lineNo);
                    } catch (IllegalArgumentException e) {
                        throw malformed(lineNo, e.getMessage());
                    }
                    visitor.accept(op);
                }
                line = next;
            }
        } catch (BoundedLines.LineTooLongException e) {
            throw malformed(lineNo + 1, e.getMessage());
        } catch (CharacterCodingException e) {
            throw new HistoryFormatException(path + " line " + (lineNo + 1) + ": not UTF-8 text");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private HistoryFormatException malformed(long lineNo, String reason) {
        return new HistoryFormatException(path + " line " + lineNo + ": " + reason);
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
