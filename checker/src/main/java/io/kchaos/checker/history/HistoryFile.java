package io.kchaos.checker.history;

import java.io.IOException;
import java.io.UncheckedIOException;
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
    /** The longest line read: several times the longest line kchaos writes (drains are split at 10,000 records). */
    static final int MAX_LINE_CHARS = 8 << 20;
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
        long base = 0;
        try (ParallelOpReader reader = new ParallelOpReader(path, MAX_LINE_CHARS, OpCodec::parse)) {
            ParallelOpReader.Block block;
            while ((block = reader.next()) != null) {
                for (int i = 0; i < block.count(); i++) visitor.accept(block.ops()[i]);
                ParallelOpReader.LineFailure failure = block.failure();
                if (failure != null) {
                    long lineNo = base + failure.line();
                    if (failure.parseErrorOnUnterminatedLastLine()) {
                        warnings.add("line " + lineNo + " is truncated (the history ends mid-line); ignored");
                        break;
                    }
                    throw new HistoryFormatException(path + " line " + lineNo + ": " + failure.reason());
                }
                base += block.lines();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
