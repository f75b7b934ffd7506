package io.kchaos.cluster.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Asks the kernel for a TCP port that is free on this machine right now. */
public final class FreePorts {
    private FreePorts() {
    }

    public static int next() {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
