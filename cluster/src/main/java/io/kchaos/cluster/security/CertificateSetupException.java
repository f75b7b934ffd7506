package io.kchaos.cluster.security;

/** The run's certificates could not be made (a key, a certificate or a store); its message is one line. */
public final class CertificateSetupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CertificateSetupException(String message) {
        super(message);
    }
}
