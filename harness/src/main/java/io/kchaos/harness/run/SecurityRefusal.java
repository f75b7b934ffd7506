package io.kchaos.harness.run;

import io.kchaos.cluster.security.ClientPropertiesFile;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.nemesis.Nemesis;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Why a run cannot have the {@code --security} it asks for yet, in one line: a secured cluster runs on the local, SSH
 * and Docker backends with the Java clients and librdkafka (through the kchaos proxy too: TLS on both of its sides, SASL passed through),
 * without tiered storage (its metadata manager's clients are not secured); an existing cluster's login
 * ({@code --client-properties}) likewise, but not through the proxy under TLS. The acl workload, the other way round,
 * runs only on a SASL/SCRAM cluster kchaos starts.
 */
public final class SecurityRefusal {
    /** The backends whose clusters kchaos starts with every listener secured. */
    static final List<String> SECURED_BACKENDS = List.of("local", "ssh", "docker");

    private SecurityRefusal() {
    }

    /**
     * SCRAM with librdkafka before 2.6.1 on Kafka 4.0 or later: that librdkafka repeats the client's nonce in its SCRAM
     * client-final-message, which Kafka 4.x rejects as invalid credentials (confluentinc/librdkafka#4895, fixed in 2.6.1);
     * the refusal in one line, or null.
     */
    public static String scramOfLibrdkafka(SecurityMode mode, String librdkafkaVersion, String kafkaVersion) {
        if (!SecurityMode.Mechanisms.SCRAM.equals(mode.mechanism()) || !KafkaVersion.parse(kafkaVersion).atLeast(4, 0)) return null;
        if (!releaseBefore(librdkafkaVersion, 2, 6, 1)) return null;
        return "--security " + mode.wire() + " with --client librdkafka " + librdkafkaVersion + " cannot log in to Kafka " + kafkaVersion
                + ": librdkafka before 2.6.1 repeats the client nonce in its SCRAM final message, which Kafka 4.x rejects "
                + "(confluentinc/librdkafka#4895); use tls, mtls or sasl-plain, a newer librdkafka, or Kafka 3.x";
    }

    /** True when {@code version} (x.y.z, e.g. librdkafka's) is before x.y.z given; an unreadable version counts as before. */
    static boolean releaseBefore(String version, int major, int minor, int patch) {
        try {
            return KafkaVersion.parse(version).compareTo(new KafkaVersion(major, minor, patch)) < 0;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /**
     * The refusal of an existing cluster's client login ({@code --client-properties}) for {@code config} and
     * {@code nemeses}, or null: the kchaos proxy cannot sit in a TLS path whose certificates kchaos did not make.
     */
    public static String ofClientLogin(Map<String, String> login, RunConfig config, List<Nemesis> nemeses) {
        String asked = "--client-properties with security.protocol " + login.get("security.protocol") + " is not yet ";
        if (ClientPropertiesFile.tls(login) && ProxiedRuns.needed(config, nemeses)) {
            return asked + "with --proxy or a proxy-* fault (the proxy would need a certificate the cluster's clients trust, "
                    + "and kchaos does not hold the cluster's CA)";
        }
        return null;
    }

    /** The refusal of {@code config} on {@code backend}, or null when the run can be secured. */
    public static String of(RunConfig config, String backend) {
        SecurityMode mode = config.cluster().security();
        String acl = aclWorkload(config);
        if (acl != null) return acl;
        if (mode == SecurityMode.PLAINTEXT) return null;
        String asked = "--security " + mode.wire() + " is not yet ";
        if (!SECURED_BACKENDS.contains(backend)) return asked + "on --backend " + backend + " (" + String.join(", ", SECURED_BACKENDS) + " backends)";
        if (config.cluster().tiered()) return asked + "with --tiered (the remote log metadata manager's clients are not secured)";
        return null;
    }

    /**
     * The acl workload without SASL/SCRAM on a cluster kchaos starts, or null: it needs the nodes' authorizer, which
     * kchaos sets only on a cluster it starts (not an existing one's, {@code --client-properties}), and a probe user it
     * creates over SCRAM.
     */
    static String aclWorkload(RunConfig config) {
        SecurityMode mode = config.cluster().security();
        if (!WorkloadMix.of(config.load().name()).authorizer() || SecurityMode.Mechanisms.SCRAM.equals(mode.mechanism())) return null;
        String scram = Arrays.stream(SecurityMode.values()).filter(m -> SecurityMode.Mechanisms.SCRAM.equals(m.mechanism()))
                .map(SecurityMode::wire).collect(Collectors.joining(" or "));
        return "the acl workload needs a cluster kchaos starts with --security " + scram + " (it sets the nodes' authorizer and "
                + "creates a SCRAM probe user; an existing cluster, --client-properties, is not supported yet), not --security " + mode.wire();
    }
}
