package io.kchaos.agent;

import java.io.FileDescriptor;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The static methods Kafka's sync and truncate calls are rewritten to: each calls the real method and, only once it
 * returned normally, journals what became durable. A sync journals the file's length measured just before it began
 * (every byte appended before the call is covered; bytes appended while it ran are not promised by it), a truncate the
 * new length. Public because the rewritten Kafka classes call it.
 */
public final class SyncHooks {
    private static volatile SyncJournalWriter journal;

    private SyncHooks() {
    }

    /** Journals to {@code file} from now on (what the agent does when loaded; public for bench's SyncHookBench). */
    public static void journalTo(Path file) {
        journal = new SyncJournalWriter(file);
    }

    /** Replaces {@code FileChannel.force(boolean)}. */
    public static void force(FileChannel channel, boolean metaData) throws IOException {
        OpenFile before = identify(channel);
        channel.force(metaData);
        if (before != null) journal.synced(before.inode(), before.length());
    }

    /** The hook's own work in {@link #force} without the sync: identifies the file and journals its length (for bench). */
    public static void journalSynced(FileChannel channel) {
        OpenFile now = identify(channel);
        if (now != null) journal.synced(now.inode(), now.length());
    }

    /** Replaces {@code FileDescriptor.sync()}. */
    public static void sync(FileDescriptor fd) throws java.io.SyncFailedException {
        OpenFile before = identify(fd);
        fd.sync();
        if (before != null) journal.synced(before.inode(), before.length());
    }

    /** Replaces {@code FileChannel.truncate(long)}. */
    public static FileChannel truncate(FileChannel channel, long size) throws IOException {
        FileChannel result = channel.truncate(size);
        OpenFile after = identify(channel);
        if (after != null) journal.truncated(after.inode(), size);
        return result;
    }

    /** Replaces {@code RandomAccessFile.setLength(long)}. */
    public static void setLength(RandomAccessFile file, long length) throws IOException {
        file.setLength(length);
        OpenFile after = identify(file.getFD());
        if (after != null) journal.truncated(after.inode(), length);
    }

    private static OpenFile identify(FileChannel channel) {
        try {
            return OpenFile.of(channel);
        } catch (IOException | RuntimeException e) {
            journal.unidentified("channel: " + e);
            return null;
        }
    }

    private static OpenFile identify(FileDescriptor fd) {
        try {
            return OpenFile.of(fd);
        } catch (IOException | RuntimeException e) {
            journal.unidentified("descriptor: " + e);
            return null;
        }
    }
}
