package io.kchaos.workload.share;

import io.kchaos.workload.common.Churner;
import io.kchaos.workload.common.WorkloadOption;
import io.kchaos.workload.common.WorkloadOptionSet;
import io.kchaos.workload.common.WorkloadOptions;
import org.apache.kafka.clients.consumer.AcknowledgeType;

import java.util.Map;
import java.util.Random;

/**
 * The share workload's {@code --workload-option} settings, declared in {@link #OPTIONS}: the weights of accept, release
 * and reject, the group's record lock duration ({@code lock-ms}: the brokers' default lower bound for a group's
 * setting) and delivery limit, how often a consumer stalls past its lock before acknowledging ({@code stall-rate}, of
 * the polls that returned records), and the churn of consumers ({@code churn-seconds}, {@code crash-rate}).
 */
record ShareOptions(double accept, double release, double reject, long lockMs, int deliveryLimit, double stallRate,
                    double churnSeconds, double crashRate) {
    static final WorkloadOption ACCEPT = WorkloadOption.number("accept", 0.8, 0, 1, "the weight of accepting a delivered record");
    static final WorkloadOption RELEASE = WorkloadOption.number("release", 0.1, 0, 1, "the weight of releasing it (delivered again)");
    static final WorkloadOption REJECT = WorkloadOption.number("reject", 0.1, 0, 1, "the weight of rejecting it (archived)");
    static final WorkloadOption LOCK_MS = WorkloadOption.number("lock-ms", 15_000, 1_000, 3_600_000,
            "the group's share.record.lock.duration.ms (below 15000 only with group.share.min.record.lock.duration.ms lowered)");
    static final WorkloadOption DELIVERY_LIMIT = WorkloadOption.number("delivery-limit", 5, 2, 10,
            "the group's share.delivery.count.limit");
    static final WorkloadOption STALL_RATE = WorkloadOption.number("stall-rate", 0.02, 0, 1,
            "the share of polls with records after which the consumer sleeps past its lock before acknowledging");
    /** The share workload's {@code --workload-option}s. */
    static final WorkloadOptionSet OPTIONS = WorkloadOptionSet.of(ShareWorkload.NAME, ACCEPT, RELEASE, REJECT, LOCK_MS, DELIVERY_LIMIT,
            STALL_RATE, Churner.CHURN_SECONDS, Churner.CRASH_RATE);

    static ShareOptions of(Map<String, String> values) {
        WorkloadOptions o = OPTIONS.read(values);
        ShareOptions s = new ShareOptions(o.number(ACCEPT), o.number(RELEASE), o.number(REJECT), (long) o.number(LOCK_MS),
                (int) o.number(DELIVERY_LIMIT), o.number(STALL_RATE), o.number(Churner.CHURN_SECONDS), o.number(Churner.CRASH_RATE));
        if (!(s.accept + s.release + s.reject > 0)) {
            throw new IllegalArgumentException(OPTIONS.workload() + " options accept, release and reject must not all be 0");
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
