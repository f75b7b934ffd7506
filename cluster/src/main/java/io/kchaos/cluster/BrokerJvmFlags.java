package io.kchaos.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags of a broker and of the short Kafka tool runs beside it (storage format, replica digests), built in one
 * place for every backend (local, docker, ssh).
 */
public final class BrokerJvmFlags {
    /**
     * Tuned for many JVMs on few cores: C1 only (start-up dominated by JIT otherwise; a test cluster's load is light)
     * and the serial collector (no GC threads competing for the cores).
     */
    public static final List<String> QUICK = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private BrokerJvmFlags() {
    }

    /** The heap: {@code -Xmx<heapMb>m -Xms<min(256, heapMb)>m}. */
    public static List<String> heap(int heapMb) {
        return List.of("-Xmx" + heapMb + "m", "-Xms" + Math.min(256, heapMb) + "m");
    }

    /** A broker's memory, JIT and GC flags: the heap, {@link #QUICK}, and exit on running out of memory. */
    public static List<String> broker(int heapMb) {
        List<String> flags = new ArrayList<>(heap(heapMb));
        flags.addAll(QUICK);
        flags.add("-XX:+ExitOnOutOfMemoryError");
        return flags;
    }
}
