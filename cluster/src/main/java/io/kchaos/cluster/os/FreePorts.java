package io.kchaos.cluster.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Hands out TCP ports that are free on this machine right now and that this JVM has not handed out recently. The
 * kernel alone may give the same free port to two asks in a row (here about 1 pair in 5,000), which made a broker's
 * two listeners share a port and Kafka's StorageTool refuse its config; so the last {@value #REMEMBERED} ports are
 * remembered and a repeat is asked again.
 */
public final class FreePorts {
    /** How many recently handed-out ports are never handed out again (about 170 clusters' worth). */
    static final int REMEMBERED = 1024;
    /** Asks of the kernel before giving up: a machine whose free ports are all among the remembered ones. */
    static final int MAX_ASKS = 200;
    private static final FreePorts KERNEL = new FreePorts(FreePorts::askKernel);

    private final IntSupplier source;
    private final Set<Integer> recent = new LinkedHashSet<>();

    /** {@code source}: a port free right now (the kernel's choice, or a fixed sequence in a unit test). */
    FreePorts(IntSupplier source) {
        this.source = source;
    }

    /** A free port, none of the last {@value #REMEMBERED} this JVM handed out. */
    public static int next() {
        return KERNEL.take();
    }

    synchronized int take() {
        for (int i = 0; i < MAX_ASKS; i++) {
            int port = source.getAsInt();
            if (recent.add(port)) {
                if (recent.size() > REMEMBERED) recent.remove(recent.iterator().next());
                return port;
            }
        }
        throw new UncheckedIOException(new IOException("no free port: " + MAX_ASKS + " asks gave only ports handed out recently"));
    }

    private static int askKernel() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
