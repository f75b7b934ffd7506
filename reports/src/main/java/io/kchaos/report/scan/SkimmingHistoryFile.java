package io.kchaos.report.scan;

import com.fasterxml.jackson.databind.node.NullNode;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFormatException;
import io.kchaos.history.HistoryInput;
import io.kchaos.history.LineGrammar;
import io.kchaos.history.Op;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * A history reader for the report (plain or compressed, {@link HistoryInput}): it reads a line's index, time, process, type and f with {@link LineHeader} and
 * stops there, never touching the {@code value} (most of the bytes: poll and drain records) when those fields come
 * first, as the harness writes them. Nemesis ops, the lines {@code wantValue} asks for, the last line and any line
 * whose fields come in another order go through {@link LineGrammar#read} whole. Skipped values are a JSON null, and the
 * error of a skimmed op is not read (the report needs neither). Same error rules as {@code HistoryFile} for the lines
 * it parses: a torn last line is a warning, any other malformed line an error naming it; it does not validate the rest
 * of a skimmed line (that is the checker's job). The {@code (partition, offset)} pairs of acknowledged sends and of
 * reads go to a {@link ReadProgress} straight from the bytes, for skimmed and parsed lines alike.
 */
final class SkimmingHistoryFile implements History {

    private final Path path;
    private final LongPredicate wantValue;
    private final List<String> warnings = new ArrayList<>();
    private final LineHeader header = new LineHeader();
    private final ValueOffsets offsets = new ValueOffsets();
    private final ReadProgress progress;

    SkimmingHistoryFile(Path path, LongPredicate wantValue, ReadProgress progress) {
        this.path = path;
        this.wantValue = wantValue;
        this.progress = progress;
    }

    @Override
    public void forEach(Consumer<Op> visitor) {
        warnings.clear();
        try (HistoryInput in = HistoryInput.open(path)) {
            ByteLines lines = new ByteLines(in);
            long lineNo = 0;
            while (lines.next()) {
                lineNo++;
                if (LineGrammar.isBlank(lines.buffer(), lines.offset(), lines.offset() + lines.length())) continue;
                Op op;
                try {
                    op = lines.terminated() ? skim(lines.buffer(), lines.offset(), lines.length()) : parse(lines);
                } catch (IllegalArgumentException e) {
                    if (!lines.terminated() && LineGrammar.isTorn(lines.buffer(), lines.offset(), lines.offset() + lines.length(),
                            LineGrammar.MAX_LINE_CHARS)) {
                        warnings.add("line " + lineNo + " is truncated (the history ends mid-line); ignored");
                        break;
                    }
                    throw new HistoryFormatException(path + " line " + lineNo + ": " + e.getMessage());
                }
                visitor.accept(op);
            }
            if (in.endedMidFrame()) warnings.add(HistoryInput.midFrameWarning());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private Op parse(ByteLines lines) {
        return parse(lines.buffer(), lines.offset(), lines.length());
    }

    private Op parse(byte[] b, int off, int len) {
        Op op = LineGrammar.read(b, off, off + len, LineGrammar.MAX_LINE_CHARS);
        progress.offer(op);
        return op;
    }

    /** The op of one line, its value skipped unless needed; IllegalArgumentException when the line is not a valid op. */
    Op skim(byte[] line, int off, int len) {
        if (!header.read(line, off, len) || header.process == Op.NEMESIS || wantValue.test(header.index)) {
            return parse(line, off, len);
        }
        boolean ack = ReadProgress.isAck(header.type, header.f);
        if (ack || ReadProgress.isRead(header.type, header.f)) {
            progress.at(header.time, ack);
            if (!offsets.scan(line, header.after, off + len, progress)) return parse(line, off, len);
        }
        return new Op(header.index, header.time, header.process, header.type, header.f, NullNode.getInstance(), null);
    }

    @Override
    public List<String> warnings() {
        return List.copyOf(warnings);
    }
}
