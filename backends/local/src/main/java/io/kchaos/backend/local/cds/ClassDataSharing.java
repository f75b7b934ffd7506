package io.kchaos.backend.local.cds;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Class-data sharing for the JVMs of one role in one cluster (e.g. its brokers): each launch uses the cached archive
 * when there is one; otherwise the first launch dumps one at its exit ({@code -XX:ArchiveClassesAtExit}), which
 * {@link #finished} publishes when that JVM exited by itself, so later launches (and runs) start faster. Without a
 * cache (turned off) or after any failure, launches simply get no archive flags.
 */
public final class ClassDataSharing {
    /** The archive flags of one JVM launch; {@code dumpFile} is set when this JVM dumps the archive at its exit. */
    public record Launch(List<String> flags, Path dumpFile) {
        static final Launch PLAIN = new Launch(List.of(), null);
    }

    private final ArchiveCache cache;
    private final JvmLaunch launch;
    private final ArchiveKey key;
    private final boolean mayDump;
    private Optional<Path> archive;
    private boolean dumpClaimed;

    /** {@code cache} null: no archives. {@code mayDump} false: use an archive but never make one. */
    public ClassDataSharing(ArchiveCache cache, JvmLaunch launch, boolean mayDump) {
        this.cache = cache;
        this.launch = launch;
        this.key = cache == null ? null : ArchiveKey.of(launch);
        this.mayDump = mayDump;
    }

    /** No archives: every launch plain. */
    public static ClassDataSharing off() {
        return new ClassDataSharing(null, null, false);
    }

    /** With the standard cache ({@link ArchiveCache#standard()}). */
    public static ClassDataSharing standard(JvmLaunch launch, boolean mayDump) {
        return new ClassDataSharing(ArchiveCache.standard().orElse(null), launch, mayDump);
    }

    /** Looks the archive up (and checks it) now, e.g. while other start-up work runs. */
    public synchronized void prepare() {
        archive();
    }

    /** The flags for the next launch. */
    public synchronized Launch next() {
        if (cache == null) return Launch.PLAIN;
        Optional<Path> a = archive();
        if (a.isPresent()) return new Launch(List.of("-XX:SharedArchiveFile=" + a.get()), null);
        if (!mayDump || dumpClaimed) return Launch.PLAIN;
        dumpClaimed = true;
        return cache.newDumpFile(key).map(f -> new Launch(List.of("-XX:ArchiveClassesAtExit=" + f), f)).orElse(Launch.PLAIN);
    }

    /** After the launched JVM is gone: publishes its dump when it exited by itself, else discards it. */
    public void finished(Launch l, boolean exitedByItself) {
        if (l == null || l.dumpFile() == null) return;
        if (!exitedByItself) {
            cache.discard(l.dumpFile());
            return;
        }
        Optional<Path> published = cache.publish(l.dumpFile(), key, launch);
        synchronized (this) {
            if (published.isPresent()) archive = published;
        }
    }

    private Optional<Path> archive() {
        if (cache == null) return Optional.empty();
        if (archive == null) archive = cache.lookup(key, launch);
        return archive;
    }
}
