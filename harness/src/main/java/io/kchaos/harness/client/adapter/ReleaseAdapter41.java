package io.kchaos.harness.client.adapter;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;

import java.time.Duration;

/**
 * The adapter for kafka-clients 4.1 to 4.3 (and the base of {@link ReleaseAdapter44}): {@code CloseOptions} (KIP-1092,
 * 4.1) lets a crashed group member close without leaving the group.
 */
public class ReleaseAdapter41 extends ReleaseAdapter {
    @Override
    protected void crash(KafkaConsumer<String, String> c) {
        c.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP).withTimeout(Duration.ZERO));
    }
}
