package io.kchaos.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A history file read line by line, strictly, plain or zstd-compressed ({@link HistoryInput}): each line is exactly one
 * op ({@link OpCodec#parse}) and the ops keep the rules between lines ({@link LineRules}); anything else is a
 * {@link HistoryFormatException} naming the line. The one exception is a torn last line ({@link LineGrammar#isTorn}: a
 * proper prefix of a valid line, as a crashed writer leaves it): a warning, and skipped; so is a compressed history's
 * last frame cut short. Lines are never longer than {@link #MAX_LINE_CHARS}, so reading needs little heap. Lines are
 * parsed on every core ({@link ParallelOpReader}); the rules between lines are checked here, in order, and the line of
 * each op is kept where blank lines shift it, so that {@link #located} names it.
 */
public final class HistoryFile implements History {
    static final int MAX_LINE_CHARS = LineGrammar.MAX_LINE_CHARS;

    private final Path path;
    private final List<String> warnings = new ArrayList<>();
    private volatile boolean torn;
    /** Where blank lines shift the line of an op away from its index + 1: the first op after each shift and its line. */
    private long[] shiftedOps = new long[0];
    private long[] shiftedLines = new long[0];
    private int shifts;

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
        shifts = 0;
        LineRules rules = new LineRules();
        long base = 0;
        long ordinal = 0;
        long lineOffset = 1;
        HistoryInput input;
        try {
            input = HistoryInput.open(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        try (ParallelOpReader reader = new ParallelOpReader(input, MAX_LINE_CHARS)) {
            ParallelOpReader.Block block;
            while ((block = reader.next()) != null) {
                Op[] ops = block.ops();
                long[] lineNumbers = block.lineNumbers();
                for (int i = 0; i < block.count(); i++) {
                    long lineNo = base + lineNumbers[i];
                    try {
                        rules.check(ops[i], lineNo);
                    } catch (IllegalArgumentException e) {
                        throw malformed(lineNo, e.getMessage());
                    }
                    if (lineNo - ordinal != lineOffset) {
                        lineOffset = lineNo - ordinal;
                        shifted(ordinal, lineNo);
                    }
                    ordinal++;
                    visitor.accept(ops[i]);
                }
                ParallelOpReader.LineFailure failure = block.failure();
                if (failure != null) {
                    long lineNo = base + failure.line();
                    if (failure.torn()) {
                        warnings.add("line " + lineNo + " is truncated (the history ends mid-line); ignored");
                        torn = true;
                        break;
                    }
                    throw malformed(lineNo, failure.reason());
                }
                base += block.lines();
            }
            if (input.endedMidFrame()) {
                warnings.add(HistoryInput.midFrameWarning());
                torn = true;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private void shifted(long op, long line) {
        if (shifts == shiftedOps.length) {
            shiftedOps = java.util.Arrays.copyOf(shiftedOps, Math.max(8, shifts * 2));
            shiftedLines = java.util.Arrays.copyOf(shiftedLines, Math.max(8, shifts * 2));
        }
        shiftedOps[shifts] = op;
        shiftedLines[shifts++] = line;
    }

    /** The line of the op with this index, among the ops read so far. */
    long lineOf(long index) {
        int k = java.util.Arrays.binarySearch(shiftedOps, 0, shifts, index);
        if (k < 0) k = -k - 2;
        return k < 0 ? index + 1 : shiftedLines[k] + (index - shiftedOps[k]);
    }

    @Override
    public HistoryFormatException located(HistoryFormatException e) {
        return e instanceof OpValueException v ? malformed(lineOf(v.index()), v.reason()) : e;
    }

    private HistoryFormatException malformed(long lineNo, String reason) {
        return new HistoryFormatException(path + " line " + lineNo + ": " + reason);
    }

    @Override
    public boolean endsTorn() {
        return torn;
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
