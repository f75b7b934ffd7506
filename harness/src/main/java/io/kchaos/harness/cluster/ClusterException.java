package io.kchaos.harness.cluster;

/** The cluster could not be started or did not become ready; the message says why and where to look. */
public class ClusterException extends RuntimeException {
    public ClusterException(String message) {
        super(message);
    }
}
