package io.kchaos.workload.share;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.common.config.ConfigResource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The share group's preconditions: the cluster has share groups ({@code share.version} finalized at 1 or more; Kafka
 * 4.2 and later), and the group's configs — lock duration, delivery limit, and {@code share.auto.offset.reset=earliest}
 * so it reads every record produced — set before the group first consumes.
 */
final class ShareGroupSetup {
    static final String FEATURE = "share.version";
    private static final long TIMEOUT_S = 30;

    private ShareGroupSetup() {
    }

    /** IllegalArgumentException (one line) when the cluster has no share groups. */
    static void requireShareGroups(Admin admin) throws Exception {
        FinalizedVersionRange level = admin.describeFeatures().featureMetadata().get(TIMEOUT_S, TimeUnit.SECONDS)
                .finalizedFeatures().get(FEATURE);
        if (level == null || level.maxVersionLevel() < 1) {
            throw new IllegalArgumentException("the share workload needs share groups (KIP-932): the cluster has no "
                    + FEATURE + " finalized (Kafka 4.2 or later has it)");
        }
    }

    /** Sets the group's lock duration, delivery limit and earliest start; one line naming the broker's refusal. */
    static void configure(Admin admin, String group, ShareOptions options) throws Exception {
        ConfigResource r = new ConfigResource(ConfigResource.Type.GROUP, group);
        List<AlterConfigOp> ops = List.of(
                set("share.auto.offset.reset", "earliest"),
                set("share.record.lock.duration.ms", String.valueOf(options.lockMs())),
                set("share.delivery.count.limit", String.valueOf(options.deliveryLimit())));
        try {
            admin.incrementalAlterConfigs(Map.of(r, ops)).all().get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalArgumentException("the brokers refused the share group's settings (lock-ms "
                    + options.lockMs() + ", delivery-limit " + options.deliveryLimit() + "): " + e.getCause().getMessage());
        }
    }

    private static AlterConfigOp set(String key, String value) {
        return new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
    }
}
