package io.kchaos.history;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The differential test of the two readers of docs/format.md's grammar: the history reader ({@link ParallelOpReader}
 * with {@link FastJsonLine}) against the specification, a plain line-by-line reading with {@link LineGrammar#read}.
 * Valid ops are generated and their bytes damaged (re-encodings, escapes, whitespace, number forms, keys given twice,
 * truncation at any byte, long keys, deep nesting, long numbers and lines, stray bytes); both must give the same ops,
 * or the same refusal (line, reason, torn or not). Tries: {@code jqwik.tries.default} (junit-platform.properties in
 * the fast suite; CI runs more, see .ci/run).
 */
class LineGrammarPropertiesTest {
    private static final AtomicLong CASES = new AtomicLong();
    private static final AtomicLong OUTCOMES_ACCEPTED = new AtomicLong();
    private static final AtomicLong OUTCOMES_REFUSED = new AtomicLong();
    private static final AtomicLong OUTCOMES_TORN = new AtomicLong();

    @Property
    void theHistoryReaderAgreesWithTheSpecification(@ForAll("cases") DamagedHistoryLines.Case c) throws IOException {
        byte[] line = OpCodec.toLine(c.op()).getBytes(StandardCharsets.UTF_8);
        if (c.mutations().isEmpty() && isPlain(line)) assertNotNull(OpCodec.parsePlain(line, 0, line.length), "plain lines take the fast path");
        byte[] damaged = DamagedHistoryLines.damagedLine(c);
        byte[] bytes = DamagedHistoryLines.file(c);
        int limit = c.limit() == 0 ? LineGrammar.MAX_LINE_CHARS : Math.max(1, damaged.length + c.limit() - 3);
        Outcome spec = specification(bytes, limit);
        Outcome reader = historyReader(bytes, limit);
        assertEquals(spec, reader, () -> "line " + new String(damaged, StandardCharsets.ISO_8859_1) + " limit " + limit);
        CASES.incrementAndGet();
        (spec.failure == null ? OUTCOMES_ACCEPTED : spec.failure.torn() ? OUTCOMES_TORN : OUTCOMES_REFUSED).incrementAndGet();
    }

    @AfterContainer
    static void report() {
        System.out.println("LineGrammarPropertiesTest: " + CASES.get() + " cases, " + OUTCOMES_ACCEPTED.get() + " accepted, "
                + OUTCOMES_REFUSED.get() + " refused, " + OUTCOMES_TORN.get() + " torn");
    }

    /** What a reader made of a file: the ops with their line numbers, and the first refused line if any. */
    record Outcome(List<String> ops, ParallelOpReader.LineFailure failure) {
    }

    /** The specification: the file cut at each LF (a CR before it dropped), each line read by {@link LineGrammar#read}. */
    static Outcome specification(byte[] b, int limit) {
        List<String> ops = new ArrayList<>();
        int pos = 0;
        long line = 0;
        while (pos < b.length) {
            line++;
            int nl = pos;
            while (nl < b.length && b[nl] != '\n') nl++;
            boolean terminated = nl < b.length;
            int end = terminated && nl > pos && b[nl - 1] == '\r' ? nl - 1 : nl;
            try {
                Op op = LineGrammar.read(b, pos, end, limit);
                if (op != null) ops.add(line + " " + op);
            } catch (IllegalArgumentException e) {
                boolean torn = !terminated && LineGrammar.isTorn(b, pos, end, limit);
                return new Outcome(ops, new ParallelOpReader.LineFailure(line, e.getMessage(), torn));
            }
            pos = nl + 1;
        }
        return new Outcome(ops, null);
    }

    /** The history reader, as {@link HistoryFile} runs it. */
    static Outcome historyReader(byte[] b, int limit) throws IOException {
        List<String> ops = new ArrayList<>();
        long base = 0;
        try (ParallelOpReader reader = new ParallelOpReader(new ByteArrayInputStream(b), limit)) {
            ParallelOpReader.Block block;
            while ((block = reader.next()) != null) {
                for (int i = 0; i < block.count(); i++) ops.add((base + block.lineNumbers()[i]) + " " + block.ops()[i]);
                ParallelOpReader.LineFailure f = block.failure();
                if (f != null) return new Outcome(ops, new ParallelOpReader.LineFailure(base + f.line(), f.reason(), f.torn()));
                base += block.lines();
            }
        }
        return new Outcome(ops, null);
    }

    /** Whether kchaos wrote the line without escapes, fractions or characters beyond ASCII, as the fast path reads it. */
    @Provide
    Arbitrary<DamagedHistoryLines.Case> cases() {
        return DamagedHistoryLines.cases();
    }

    private static boolean isPlain(byte[] line) {
        String s = new String(line, StandardCharsets.ISO_8859_1);
        return s.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f && ch != '\\') && !s.contains("loss-percent")
                && !s.matches(".*\\d{19}.*");
    }
}
