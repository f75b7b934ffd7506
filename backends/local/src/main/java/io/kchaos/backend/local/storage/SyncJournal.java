package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.PowerControl.LieScope;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A node's sync journal file (kept in the node's folder, outside its data directory, so it survives restarts): the
 * agent in the broker appends a line after each successful sync or truncate; the harness appends a baseline — every
 * file of the data directory at its current length — whenever the directory's whole content is durable (after
 * formatting, after a power loss has been applied, after a wipe), and the start ({@code L scope}) and end ({@code H})
 * of a lying disk. Every line is one append: the agent's and the harness's lines never interleave within a line.
 */
public record SyncJournal(Path file) {

    /** Reads the journal; an absent file means nothing was ever synced. */
    public SyncMarks read() {
        SyncMarks marks = new SyncMarks();
        if (!Files.exists(file)) return marks;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) marks.apply(line);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the sync journal " + file, e);
        }
        return marks;
    }

    /** Declares every regular file under {@code dataDir} durable at its current length. */
    public void recordBaseline(Path dataDir) {
        StringBuilder lines = new StringBuilder();
        for (Path p : regularFiles(dataDir)) {
            try {
                lines.append("S ").append(Inodes.of(p)).append(' ').append(Files.size(p)).append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + p, e);
            }
        }
        append(lines.toString());
    }

    /** Journals the start of a lying disk over {@code scope}: the syncs after this line are not honoured at the next cut. */
    public void recordLie(LieScope scope) {
        append("L " + scope.word() + "\n");
    }

    /** Journals the end of a lie, once a power loss applied it (a baseline of what is left follows). */
    public void recordLieApplied() {
        append("H\n");
    }

    private void append(String lines) {
        try {
            Files.writeString(file, lines, StandardCharsets.US_ASCII, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sync journal " + file, e);
        }
    }

    /** Every regular file under {@code dir}, in path order (empty when it does not exist). */
    static List<Path> regularFiles(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
