package io.kchaos.harness.ssh;

/** A host kchaos cannot use: unreachable, unknown or changed host key, key refused, no permission. One line, naming the host. */
public class HostAccessException extends RuntimeException {
    public HostAccessException(SshHost host, String problem) {
        super(host.label() + ": " + problem);
    }
}
