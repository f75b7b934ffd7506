package io.kchaos.agent;

import java.util.Arrays;
import java.util.List;

/**
 * The JDK calls through which Kafka makes file contents durable or cuts them, and the {@link SyncHooks} method each is
 * rewritten to. {@code MappedByteBuffer.force()} is deliberately absent: Kafka's memory-mapped offset and time
 * indexes are left whole at a power loss (see the harness's PowerCut), because a mapping's descriptor is not kept
 * open on Linux.
 */
enum SyncCall {
    CHANNEL_FORCE("java/nio/channels/FileChannel", "force", "(Z)V", "force", "(Ljava/nio/channels/FileChannel;Z)V"),
    DESCRIPTOR_SYNC("java/io/FileDescriptor", "sync", "()V", "sync", "(Ljava/io/FileDescriptor;)V"),
    CHANNEL_TRUNCATE("java/nio/channels/FileChannel", "truncate", "(J)Ljava/nio/channels/FileChannel;", "truncate",
            "(Ljava/nio/channels/FileChannel;J)Ljava/nio/channels/FileChannel;"),
    FILE_SET_LENGTH("java/io/RandomAccessFile", "setLength", "(J)V", "setLength", "(Ljava/io/RandomAccessFile;J)V");

    private final String owner;
    private final String method;
    private final String descriptor;
    private final String hook;
    private final String hookDescriptor;

    SyncCall(String owner, String method, String descriptor, String hook, String hookDescriptor) {
        this.owner = owner;
        this.method = method;
        this.descriptor = descriptor;
        this.hook = hook;
        this.hookDescriptor = hookDescriptor;
    }

    static SyncCall match(String owner, String method, String descriptor) {
        for (SyncCall c : values()) {
            if (c.owner.equals(owner) && c.method.equals(method) && c.descriptor.equals(descriptor)) return c;
        }
        return null;
    }

    static List<String> owners() {
        return Arrays.stream(values()).map(c -> c.owner).distinct().toList();
    }

    String hook() {
        return hook;
    }

    String hookDescriptor() {
        return hookDescriptor;
    }
}
