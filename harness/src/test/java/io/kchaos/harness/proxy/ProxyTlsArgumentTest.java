package io.kchaos.harness.proxy;

import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.proxy.TlsStores;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The harness and the proxy JVM agree on how the TLS stores are handed over: the argument and the password's variable. */
class ProxyTlsArgumentTest {
    @Test
    void theProxyReadsTheArgumentTheHarnessWrites() {
        assertEquals(TlsStores.ARG_PREFIX, ProtocolProxy.TLS_ARG);
        assertEquals(TlsStores.PASSWORD_ENV, ProtocolProxy.TLS_PASSWORD_ENV);
        ProxyTls tls = new ProxyTls(Path.of("/s/loopback.p12"), Path.of("/s/truststore.p12"), true, "secret");
        String arg = ProtocolProxy.tlsArgument(tls);
        assertFalse(arg.contains("secret"), "no password on the command line: " + arg);
        assertEquals(new TlsStores("/s/loopback.p12", "/s/truststore.p12", true, "secret"), TlsStores.parse(arg, "secret"));
    }
}
