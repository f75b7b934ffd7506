package io.kchaos.backend.ssh;

/** A host kchaos cannot use: unreachable, unknown or changed host key, key refused, no permission. One line, naming the host. */
public class HostAccessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HostAccessException(SshHost host, String problem) {
        super(host.label() + ": " + problem);
    }
}
