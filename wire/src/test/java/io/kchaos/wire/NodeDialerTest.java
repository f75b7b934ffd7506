package io.kchaos.wire;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** A plaintext cluster is asked over plain sockets; any security setting means a login per request. */
class NodeDialerTest {
    @Test
    void noSecuritySettingsMeanPlainSockets() {
        assertSame(NodeDialer.PLAIN, NodeDialer.of(Map.of()));
    }

    @Test
    void securitySettingsMeanALogin() {
        assertNotSame(NodeDialer.PLAIN, NodeDialer.of(Map.of("security.protocol", "SASL_PLAINTEXT")));
    }
}
