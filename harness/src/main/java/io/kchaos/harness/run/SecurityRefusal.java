package io.kchaos.harness.run;

import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.workload.rdkafka.RdkafkaClientKind;

/**
 * Why a run cannot have the {@code --security} it asks for yet, in one line: a secured cluster runs on the local backend
 * with the Java clients (through the kchaos proxy too: TLS on both of its sides, SASL passed through), without tiered
 * storage (its metadata manager's clients are not secured) and without the metadata workload (its final read asks each
 * broker over a plain socket).
 */
public final class SecurityRefusal {
    private SecurityRefusal() {
    }

    /** The refusal of {@code config} on {@code backend} with client {@code client}, or null when the run can be secured. */
    public static String of(RunConfig config, String backend, String client) {
        SecurityMode mode = config.cluster().security();
        if (mode == SecurityMode.PLAINTEXT) return null;
        String asked = "--security " + mode.wire() + " is not yet ";
        if (!backend.equals("local")) return asked + "on --backend " + backend + " (local backend only)";
        if (client.equals(RdkafkaClientKind.NAME)) return asked + "with --client librdkafka (the Java client only)";
        if (config.cluster().tiered()) return asked + "with --tiered (the remote log metadata manager's clients are not secured)";
        WorkloadMix mix = WorkloadMix.of(config.load().name());
        if (mix.withMetadata() || mix.data() == WorkloadKind.METADATA) {
            return asked + "with the metadata workload (its final read asks each broker over a plain socket)";
        }
        return null;
    }
}
