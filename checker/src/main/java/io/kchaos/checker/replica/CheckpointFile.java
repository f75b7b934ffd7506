package io.kchaos.checker.replica;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads Kafka's text checkpoint format shared by all checkpoint files: line 1 the version ({@code 0}), line 2 the
 * number of entries, then one whitespace-separated entry per line. Malformed lines become {@link CheckpointProblem}s
 * and are skipped; reading never throws for bad content.
 */
final class CheckpointFile {
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final String VERSION = "0";

    /** Turns the fields of one entry line into an entry; throws {@link IllegalArgumentException} when they do not fit. */
    interface EntryParser<T> {
        T parse(String[] fields);
    }

    /** The parsed file: whether it exists, its entries and its problems. */
    record Parsed<T>(boolean present, List<T> entries, List<CheckpointProblem> problems) {
        static <T> Parsed<T> absent() {
            return new Parsed<>(false, List.of(), List.of());
        }
    }

    private CheckpointFile() {
    }

    /** Parses the file's bytes as found ({@code path} names it in problems). */
    static <T> Parsed<T> parse(Path path, CheckpointBytes file, int fieldsPerEntry, EntryParser<T> parser) {
        if (!file.present()) return Parsed.absent();
        if (file.problem() != null) {
            return new Parsed<>(true, List.of(), List.of(new CheckpointProblem(path, 0, file.problem(), "")));
        }
        // ISO-8859-1 never fails to decode, so garbage bytes surface as unparseable lines, not as exceptions
        List<String> lines = new BufferedReader(new StringReader(new String(file.bytes(), StandardCharsets.ISO_8859_1))).lines().toList();
        List<T> entries = new ArrayList<>();
        List<CheckpointProblem> problems = new ArrayList<>();
        if (lines.isEmpty()) return new Parsed<>(true, entries, problems); // Kafka reads an empty file as no entries
        if (!lines.get(0).trim().equals(VERSION)) {
            problems.add(new CheckpointProblem(path, 1, "version is not " + VERSION, lines.get(0)));
            return new Parsed<>(true, entries, problems);
        }
        if (lines.size() < 2) return new Parsed<>(true, entries, problems);
        long declared = parseCount(lines.get(1));
        if (declared < 0) problems.add(new CheckpointProblem(path, 2, "entry count is not a non-negative integer", lines.get(1)));
        for (int i = 2; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() && i == lines.size() - 1) break;
            String[] fields = SPACES.split(line.trim());
            try {
                if (fields.length != fieldsPerEntry) {
                    throw new IllegalArgumentException("expected " + fieldsPerEntry + " fields, found " + fields.length);
                }
                entries.add(parser.parse(fields));
            } catch (IllegalArgumentException e) {
                problems.add(new CheckpointProblem(path, i + 1, e.getMessage(), line));
            }
        }
        if (problems.isEmpty() && declared != entries.size()) {
            problems.add(new CheckpointProblem(path, 2, "declares " + declared + " entries but holds " + entries.size(), lines.get(1)));
        }
        return new Parsed<>(true, entries, problems);
    }

    private static long parseCount(String line) {
        try {
            return Math.max(-1, Long.parseLong(line.trim()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Parses a non-negative decimal field, naming it in the error. */
    static long nonNegativeLong(String field, String name) {
        long v;
        try {
            v = Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: '" + field + "'");
        }
        if (v < 0) throw new IllegalArgumentException(name + " is negative: " + v);
        return v;
    }
}
