package io.kchaos.workload.share;

import io.kchaos.workload.common.WorkloadOptions;
import org.apache.kafka.clients.consumer.AcknowledgeType;

import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The share workload's {@code --workload-option} settings: the weights of accept, release and reject (0.8 / 0.1 / 0.1),
 * the group's record lock duration ({@code lock-ms}, 15,000: the brokers' default lower bound for a group's setting)
 * and delivery limit ({@code delivery-limit}, 5), how often a consumer stalls past its lock before acknowledging
 * ({@code stall-rate}, 0.02 of the polls that returned records), and the churn of consumers ({@code churn-seconds},
 * 10; {@code crash-rate}, 0.5).
 */
record ShareOptions(double accept, double release, double reject, long lockMs, int deliveryLimit, double stallRate,
                    double churnSeconds, double crashRate) {
    static final Set<String> KEYS = Set.of("accept", "release", "reject", "lock-ms", "delivery-limit", "stall-rate",
            "churn-seconds", "crash-rate");

    static ShareOptions of(String workload, Map<String, String> values) {
        WorkloadOptions o = WorkloadOptions.of(workload, values, KEYS);
        ShareOptions s = new ShareOptions(o.number("accept", 0.8, 0, 1), o.number("release", 0.1, 0, 1),
                o.number("reject", 0.1, 0, 1), (long) o.number("lock-ms", 15_000, 1_000, 3_600_000),
                (int) o.number("delivery-limit", 5, 2, 10), o.number("stall-rate", 0.02, 0, 1),
                o.number("churn-seconds", 10, 0, 3600), o.number("crash-rate", 0.5, 0, 1));
        if (!(s.accept + s.release + s.reject > 0)) {
            throw new IllegalArgumentException(workload + " options accept, release and reject must not all be 0");
        }
        return s;
    }

    /** An acknowledgement type drawn by the weights. */
    AcknowledgeType draw(Random random) {
        double x = random.nextDouble() * (accept + release + reject);
        if (x < accept) return AcknowledgeType.ACCEPT;
        return x < accept + release ? AcknowledgeType.RELEASE : AcknowledgeType.REJECT;
    }
}
