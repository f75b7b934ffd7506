package io.kchaos.backend.ssh;

import java.nio.file.Path;

/**
 * Settings every host takes unless its hosts-file entry says otherwise: the command line's {@code --ssh-user},
 * {@code --ssh-key}, {@code --ssh-port}, {@code --remote-dir}, {@code --remote-java}.
 */
public record SshDefaults(String user, Path key, int port, String dir, String java) {
    public static final String DIR = "/var/tmp/kchaos";
    public static final int CLIENT_PORT = 9092;
    public static final int CONTROLLER_PORT = 9093;
}
