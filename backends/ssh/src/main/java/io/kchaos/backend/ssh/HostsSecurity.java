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
    }

    /**
     * Why a cluster that is {@code existing} (else one kchaos starts) cannot be secured with {@code deployed} and a client
     * login ({@code loginGiven}), in one line; null when it can.
     */
    public static String refusal(boolean existing, SecurityMode deployed, boolean loginGiven) {
        if (existing && deployed != SecurityMode.PLAINTEXT) {
            return "an existing cluster's security is its own: give its client login with --client-properties, not --security";
        }
        if (!existing && loginGiven) {
            return "--client-properties is for a cluster kchaos did not start (--backend ssh, hosts file mode existing); "
                    + "a cluster kchaos starts is secured with --security";
        }
        return null;
    }
}
