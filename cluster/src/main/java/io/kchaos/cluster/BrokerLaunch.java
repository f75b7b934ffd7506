package io.kchaos.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one broker launch recipe every backend uses (local JVMs, containers, SSH hosts): the JVM flags of a broker and of
 * Kafka's storage format, sized by the run's heap, and the system properties the harness reads back from a node.
 */
public final class BrokerLaunch {
    /** A short Kafka tool JVM (the storage format, the SSH backend's replica digests): C1 only, the serial collector. */
    public static final List<String> TOOL_JVM_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    /**
     * Tuned for many brokers on few cores: C1 only (start-up dominated by JIT otherwise; a test cluster's load is
     * light), the serial collector (no GC threads competing for the cores), and out of memory ends the broker.
     */
    public static final List<String> BROKER_JVM_FLAGS = Stream.concat(TOOL_JVM_FLAGS.stream(), Stream.of("-XX:+ExitOnOutOfMemoryError")).toList();
    /** Headless, and log lines stamped to the millisecond in local time (what {@code StartupPhases} reads). */
    public static final List<String> BROKER_PROPERTIES = List.of("-Djava.awt.headless=true",
            "-Dorg.slf4j.simpleLogger.showDateTime=true", "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS");

    private BrokerLaunch() {
    }

    /** The broker's heap: at most {@code heapMb}, starting at no more than 256 MB. */
    public static List<String> heap(int heapMb) {
        return List.of("-Xmx" + heapMb + "m", "-Xms" + Math.min(256, heapMb) + "m");
    }

    /** The broker JVM's memory, JIT and GC flags ({@code -X...}). */
    public static List<String> brokerJvmFlags(int heapMb) {
        List<String> flags = new ArrayList<>(heap(heapMb));
        flags.addAll(BROKER_JVM_FLAGS);
        return flags;
    }

    /** The property naming the node a broker JVM runs, for {@code ps} and the orphan reaper. */
    public static String nodeProperty(int id) {
        return "-Dkchaos.node=" + id;
    }
}
