package io.kchaos.tiered;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A fault of the remote store, as the control file {@code faults.properties} in the bucket states it: the nemesis writes
 * it (atomically, temp file and rename) and removes it to heal; every broker's storage manager reads it at its next call
 * and acknowledges it in {@code faults-ack-<broker id>.txt}. Plain JDK code, so the harness and the broker plugin share it.
 *
 * @param mode       what the store does: delay every call, fail a share of them, or fail them all
 * @param generation names this control file (the nemesis's clock, epoch ms), so a heal removes only its own fault
 * @param delayMs    {@link Mode#SLOW}: how long every call waits before it runs
 * @param failShare  {@link Mode#FAIL}: the share of calls that fail, in (0, 1]
 */
public record RemoteFault(Mode mode, long generation, long delayMs, double failShare) {
    /** The control file's name in the bucket. */
    public static final String FILE = "faults.properties";
    static final String ACK_PREFIX = "faults-ack-";
    static final String ACK_SUFFIX = ".txt";
    static final String MODE = "mode";
    static final String GENERATION = "generation";
    static final String DELAY_MS = "delay-ms";
    static final String FAIL_SHARE = "fail-share";

    public RemoteFault {
        if (mode == null) throw new IllegalArgumentException("no mode");
        if (delayMs < 0) throw new IllegalArgumentException("delay-ms " + delayMs + " < 0");
        if (mode == Mode.FAIL && !(failShare > 0 && failShare <= 1)) throw new IllegalArgumentException("fail-share " + failShare + " not in (0, 1]");
    }

    /** What a fault makes the store do. */
    public enum Mode {
        /** Every call waits {@code delay-ms}, then runs. */
        SLOW,
        /** A share ({@code fail-share}) of the calls fail, spread evenly: the n-th fails when n × share passes a whole number. */
        FAIL,
        /** Every call fails. */
        OUTAGE;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Mode of(String label) {
            return valueOf(label.trim().toUpperCase(Locale.ROOT));
        }
    }

    /** A broker's acknowledgement file in the bucket: the generation of the last control file it read. */
    public static Path ackFile(Path bucket, String brokerId) {
        return bucket.resolve(ACK_PREFIX + brokerId + ACK_SUFFIX);
    }

    /** The brokers that read this fault's control file (their acknowledgement names its generation), sorted. */
    public List<String> seenBy(Path bucket) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(bucket)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (!name.startsWith(ACK_PREFIX) || !name.endsWith(ACK_SUFFIX)) continue;
                try {
                    if (Files.readString(f, StandardCharsets.UTF_8).strip().equals(Long.toString(generation))) {
                        out.add(name.substring(ACK_PREFIX.length(), name.length() - ACK_SUFFIX.length()));
                    }
                } catch (NoSuchFileException gone) {
                    // replaced meanwhile
                }
            }
        }
        return out;
    }

    /** Writes {@code text} as {@code target} in one atomic rename (a temporary file beside it first). */
    static void writeAtomically(Path target, String text) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + "-", ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The control file of {@code bucket}. */
    public static Path fileIn(Path bucket) {
        return bucket.resolve(FILE);
    }

    /** Writes this fault as the bucket's control file, replacing any other in one atomic rename. */
    public void writeTo(Path bucket) throws IOException {
        writeAtomically(fileIn(bucket), text());
    }

    /** The fault the bucket's control file states, or empty when there is none. */
    public static Optional<RemoteFault> readFrom(Path bucket) throws IOException {
        try {
            return Optional.of(parse(Files.readString(fileIn(bucket), StandardCharsets.UTF_8)));
        } catch (NoSuchFileException none) {
            return Optional.empty();
        }
    }

    /**
     * Removes the control file if it is this fault's (same generation): the store is healthy again at each broker's next
     * call. Returns the fault found in its place when another replaced it (left alone), else empty.
     */
    public Optional<RemoteFault> removeFrom(Path bucket) throws IOException {
        Optional<RemoteFault> there = readFrom(bucket);
        if (there.isEmpty()) return Optional.empty();
        if (there.get().generation != generation) return there;
        Files.deleteIfExists(fileIn(bucket));
        return Optional.empty();
    }

    /** The control file's text: {@code key=value} lines, Java properties. */
    String text() {
        Properties p = new Properties();
        p.setProperty(MODE, mode.label());
        p.setProperty(GENERATION, Long.toString(generation));
        p.setProperty(DELAY_MS, Long.toString(delayMs));
        p.setProperty(FAIL_SHARE, Double.toString(failShare));
        StringWriter w = new StringWriter();
        try {
            p.store(w, "kchaos remote-tier fault (docs/format.md, the tiered-storage bucket)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /** The fault {@code text} states; IllegalArgumentException when it states none. */
    static RemoteFault parse(String text) {
        Properties p = new Properties();
        try (Reader r = new StringReader(text)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String mode = p.getProperty(MODE);
        if (mode == null) throw new IllegalArgumentException("no " + MODE + " in " + FILE);
        return new RemoteFault(Mode.of(mode), Long.parseLong(p.getProperty(GENERATION, "0").trim()),
                Long.parseLong(p.getProperty(DELAY_MS, "0").trim()), Double.parseDouble(p.getProperty(FAIL_SHARE, "0").trim()));
    }
}
