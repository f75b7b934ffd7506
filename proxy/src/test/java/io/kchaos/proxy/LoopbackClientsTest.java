package io.kchaos.proxy;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopbackClientsTest {
    @Test
    void onlyLoopbackClientsAreServed() {
        assertTrue(LoopbackClients.admits(new InetSocketAddress("127.0.0.1", 50000)));
        assertTrue(LoopbackClients.admits(new InetSocketAddress("127.1.2.3", 50000)));
        assertTrue(LoopbackClients.admits(new InetSocketAddress("::1", 50000)));
        assertFalse(LoopbackClients.admits(new InetSocketAddress("10.213.4.11", 50000)));
        assertFalse(LoopbackClients.admits(new InetSocketAddress("192.168.1.7", 50000)));
        assertFalse(LoopbackClients.admits(new InetSocketAddress("::ffff:10.0.0.1", 50000)));
        assertFalse(LoopbackClients.admits(InetSocketAddress.createUnresolved("localhost", 50000)));
        assertFalse(LoopbackClients.admits(null));
    }
}
