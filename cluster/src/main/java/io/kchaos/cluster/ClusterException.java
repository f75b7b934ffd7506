package io.kchaos.cluster;

/** The cluster could not be started or did not become ready; the message says why and where to look. */
public class ClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClusterException(String message) {
        super(message);
    }
}
