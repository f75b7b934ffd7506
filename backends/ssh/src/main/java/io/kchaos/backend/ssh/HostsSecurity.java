package io.kchaos.backend.ssh;

import io.kchaos.cluster.security.SecurityMode;

import java.util.Map;

/**
 * How the cluster on the SSH hosts is secured: the mode kchaos deploys it with ({@code --security}), or, for an
 * existing cluster, the client login its operators gave ({@code --client-properties}); never both.
 *
 * @param deployed      the mode of a cluster kchaos deploys (PLAINTEXT for an existing one)
 * @param existingLogin an existing cluster's client settings (empty for a plaintext one, or a deployed cluster)
 */
public record HostsSecurity(SecurityMode deployed, Map<String, String> existingLogin) {
    /** Nothing secured. */
    public static final HostsSecurity PLAINTEXT = new HostsSecurity(SecurityMode.PLAINTEXT, Map.of());

    public HostsSecurity {
        existingLogin = Map.copyOf(existingLogin);
        if (deployed != SecurityMode.PLAINTEXT && !existingLogin.isEmpty()) {
            throw new IllegalArgumentException("--security secures a cluster kchaos deploys; an existing cluster's login comes from --client-properties alone");
        }
    }
}
