package io.kchaos.tiered;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;

/**
 * The storage manager's view of the bucket's control file ({@link RemoteFault}): one stat per call, the file read again
 * only when it was replaced or changed (and each new fault acknowledged in the broker's ack file), and for each call
 * what the fault in force does to it.
 */
final class FaultSwitch {
    private final Path file;
    private final Path ack;
    private Object seenKey;
    private Object seenTime;
    private RemoteFault current;
    private long calls;
    private boolean complained;

    FaultSwitch(Path bucket, String brokerId) {
        this.file = RemoteFault.fileIn(bucket);
        this.ack = RemoteFault.ackFile(bucket, brokerId);
    }

    /** What the fault in force, if any, does to the next call. */
    synchronized Injection next() {
        refresh();
        if (current == null) return Injection.NONE;
        return switch (current.mode()) {
            case SLOW -> new Injection(current.delayMs(), false);
            case OUTAGE -> new Injection(0, true);
            case FAIL -> {
                calls++;
                yield new Injection(0, Math.floor(calls * current.failShare()) > Math.floor((calls - 1) * current.failShare()));
            }
        };
    }

    private void refresh() {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException healed) {
            set(null, null, null);
            return;
        } catch (IOException e) {
            complain("cannot stat " + file + ": " + e);
            return;
        }
        Object key = a.fileKey() != null ? a.fileKey() : a.creationTime();
        if (Objects.equals(key, seenKey) && Objects.equals(a.lastModifiedTime(), seenTime)) return;
        try {
            Optional<RemoteFault> f = RemoteFault.readFrom(file.getParent());
            set(key, a.lastModifiedTime(), f.orElse(null));
        } catch (IOException | RuntimeException e) {
            complain("cannot read " + file + " (no fault injected): " + e);
            set(key, a.lastModifiedTime(), null);
        }
    }

    private void set(Object key, Object time, RemoteFault fault) {
        if (!Objects.equals(fault, current)) {
            calls = 0;
            if (fault != null) acknowledge(fault);
        }
        seenKey = key;
        seenTime = time;
        current = fault;
    }

    /** Writes the fault's generation into this broker's acknowledgement file; a failure only complains. */
    private void acknowledge(RemoteFault fault) {
        try {
            RemoteFault.writeAtomically(ack, fault.generation() + "\n");
        } catch (IOException | RuntimeException e) {
            complain("cannot acknowledge " + file + " in " + ack + ": " + e);
        }
    }

    private void complain(String line) {
        if (!complained) System.err.println("kchaos tiered storage: " + line);
        complained = true;
    }

    /** What a fault does to one call: wait {@code delayMs} first, and/or fail it. */
    record Injection(long delayMs, boolean fail) {
        static final Injection NONE = new Injection(0, false);
    }
}
