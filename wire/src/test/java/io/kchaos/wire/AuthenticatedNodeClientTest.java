package io.kchaos.wire;

import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A request to a node that does not answer fails with an IOException within its timeout, not later. */
class AuthenticatedNodeClientTest {
    @Test
    void aSilentNodeIsAnIOExceptionWithinTheTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0);
             AuthenticatedNodeClient c = new AuthenticatedNodeClient(1, "127.0.0.1", silent.getLocalPort(), Map.of(), "test")) {
            long t0 = System.nanoTime();
            assertThrows(IOException.class, () -> c.send(new ApiVersionsRequest.Builder((short) 3), 500));
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
        }
    }

    @Test
    void noListenerIsAnIOException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (AuthenticatedNodeClient c = new AuthenticatedNodeClient(1, "127.0.0.1", port, Map.of(), "test")) {
            assertThrows(IOException.class, () -> c.send(new ApiVersionsRequest.Builder((short) 3), 500));
        }
    }
}
