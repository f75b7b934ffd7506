package io.kchaos.cluster.security;

import java.nio.file.Path;

/**
 * What the kchaos proxy needs to sit in a TLS cluster's path: the key it presents to clients on loopback (and, under
 * mutual TLS, to the brokers as its own client certificate) and the run's truststore to check the brokers, all under
 * one password, which never goes into a file or a command line.
 *
 * @param keystore       the loopback keystore ({@link RunCertificates.Stores#loopbackKeystore()})
 * @param truststore     the run's CA
 * @param presentToNodes whether the brokers ask for a client certificate (mutual TLS)
 * @param password       the stores' password
 */
public record ProxyTls(Path keystore, Path truststore, boolean presentToNodes, String password) {
    @Override
    public String toString() {
        return "ProxyTls[" + keystore.getParent() + (presentToNodes ? ", mutual" : "") + "]";
    }
}
