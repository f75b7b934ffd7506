package io.kchaos.agent;

import java.io.FileDescriptor;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The inode and length of an open file, found through its descriptor number ({@code /proc/self/fd/N} names the file
 * even after it was renamed or deleted). The number is read from the JDK's private fields, which {@link SyncAgent}
 * opens to this agent.
 */
record OpenFile(long inode, long length) {
    private static final Field DESCRIPTOR_NUMBER = field(FileDescriptor.class, "fd");
    private static final Field CHANNEL_DESCRIPTOR = field(channelClass(), "fd");

    static OpenFile of(FileDescriptor fd) throws IOException {
        return ofNumber(number(fd));
    }

    static OpenFile of(FileChannel channel) throws IOException {
        try {
            return of((FileDescriptor) CHANNEL_DESCRIPTOR.get(channel));
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IOException("no descriptor in " + channel.getClass().getName(), e);
        }
    }

    private static OpenFile ofNumber(int n) throws IOException {
        if (n < 0) throw new IOException("closed descriptor");
        Map<String, Object> a = Files.readAttributes(Path.of("/proc/self/fd/" + n), "unix:ino,size");
        return new OpenFile((Long) a.get("ino"), (Long) a.get("size"));
    }

    private static int number(FileDescriptor fd) throws IOException {
        try {
            return DESCRIPTOR_NUMBER.getInt(fd);
        } catch (IllegalAccessException e) {
            throw new IOException("descriptor number not accessible", e);
        }
    }

    private static Class<?> channelClass() {
        try {
            return Class.forName("sun.nio.ch.FileChannelImpl");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("kchaos-agent: this JDK has no sun.nio.ch.FileChannelImpl", e);
        }
    }

    private static Field field(Class<?> owner, String name) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("kchaos-agent: cannot read " + owner.getName() + "." + name + ": " + e, e);
        }
    }
}
