package io.kchaos.harness.proxy;

import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.proxy.ControlToken;
import io.kchaos.proxy.ProxyMain;
import io.kchaos.proxy.TlsStores;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The harness and the proxy JVM agree on the control token's hand-over: the variable, the first line the proxy admits,
 * and the ready line after which the harness dials; each start gets its own token, shown nowhere.
 */
class ProxyControlTokenTest {
    @Test
    void theProxyAdmitsTheLineTheHarnessSendsWithTheTokenFromTheEnvironmentTheHarnessBuilds() {
        assertEquals(ControlToken.ENV, ProtocolProxy.CONTROL_TOKEN_ENV);
        assertEquals(ProxyMain.READY, ProtocolProxy.READY);
        ControlSecret secret = ControlSecret.fresh();
        Map<String, String> env = ProtocolProxy.environment(secret, Optional.empty());
        assertEquals(Map.of(ControlToken.ENV, secret.value()), env);
        ControlToken token = ControlToken.of(env.get(ControlToken.ENV)).orElseThrow();
        assertTrue(token.admits(secret.authLine()));
        assertFalse(token.admits(ControlSecret.fresh().authLine()), "another start's token is admitted");
    }

    @Test
    void underTlsTheEnvironmentAlsoCarriesTheStorePassword() {
        ControlSecret secret = ControlSecret.fresh();
        ProxyTls tls = new ProxyTls(Path.of("/s/loopback.p12"), Path.of("/s/truststore.p12"), false, "store-secret");
        assertEquals(Map.of(ControlToken.ENV, secret.value(), TlsStores.PASSWORD_ENV, "store-secret"), ProtocolProxy.environment(secret, Optional.of(tls)));
    }

    @Test
    void eachTokenIs32RandomBytesInHexAndNeverShown() {
        ControlSecret a = ControlSecret.fresh();
        assertTrue(a.value().matches("[0-9a-f]{64}"), a.value());
        assertNotEquals(a.value(), ControlSecret.fresh().value());
        assertFalse(a.toString().contains(a.value()), a.toString());
    }
}
