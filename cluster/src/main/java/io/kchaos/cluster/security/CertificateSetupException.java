package io.kchaos.cluster.security;

/** The run's certificates could not be made (keytool failed, a store could not be written); its message is one line. */
public final class CertificateSetupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CertificateSetupException(String message) {
        super(message);
    }
}
