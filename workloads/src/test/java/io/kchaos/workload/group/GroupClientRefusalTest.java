package io.kchaos.workload.group;

import io.kchaos.workload.OldClientKind;
import io.kchaos.workload.common.JavaClientKind;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@link GroupWorkload#refusedBy}: explicit settings an older client cannot run are refused in one line; defaults fall back. */
class GroupClientRefusalTest {
    @Test
    void defaultsRunOnAnOldClient() {
        assertNull(GroupWorkload.refusedBy(OldClientKind.INSTANCE, Map.of(), Map.of()));
        assertNull(GroupWorkload.refusedBy(OldClientKind.INSTANCE, Map.of("crash-rate", "0", "group-protocol", "classic"), Map.of()));
    }

    @Test
    void anExplicitCrashRateNeedsCloseOptions() {
        assertEquals("crash-rate=0.3 needs closing a group member without leaving the group (CloseOptions, KIP-1092), in kafka-clients 4.1 "
                        + "and later; this run's client is java 3.9.1; use crash-rate=0",
                GroupWorkload.refusedBy(OldClientKind.INSTANCE, Map.of("crash-rate", "0.3"), Map.of()));
        assertNull(GroupWorkload.refusedBy(JavaClientKind.INSTANCE, Map.of("crash-rate", "0.3", "group-protocol", "consumer"), Map.of()));
    }

    @Test
    void anExplicitConsumerProtocolNeedsKip848() {
        String r = GroupWorkload.refusedBy(OldClientKind.INSTANCE, Map.of(), Map.of("group.protocol", "consumer"));
        assertEquals("group.protocol=consumer needs the consumer group protocol (KIP-848, GA), in kafka-clients 4.0 and later; "
                + "this run's client is java 3.9.1; use group-protocol=classic", r);
    }
}
