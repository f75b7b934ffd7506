package io.kchaos.workload.group;

import io.kchaos.workload.ClientKind;
import io.kchaos.workload.OldClientKind;
import io.kchaos.workload.common.JavaClientKind;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GroupProtocolTest {
    private static final Map<String, String> NONE = Map.of();
    private static final ClientKind BUILT_IN = JavaClientKind.INSTANCE;
    private static final ClientKind OLD = OldClientKind.INSTANCE;

    @Test
    void theConsumerProtocolByDefaultWhereTheClusterHasGroupVersion1AndClassicElsewhere() {
        assertEquals(GroupProtocol.CONSUMER, GroupProtocol.choose(Optional.empty(), NONE, 1, BUILT_IN));
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.empty(), NONE, 0, BUILT_IN));
    }

    @Test
    void theOptionOrTheUsersConsumerSettingDecides() {
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.of("classic"), NONE, 1, BUILT_IN));
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "CLASSIC"), 1, BUILT_IN));
        assertEquals(GroupProtocol.CONSUMER, GroupProtocol.choose(Optional.of("consumer"), Map.of("group.protocol", "consumer"), 1, BUILT_IN));
    }

    @Test
    void contradictionsAndTheConsumerProtocolWithoutGroupVersionAreOneLineRefusals() {
        String both = assertThrows(IllegalArgumentException.class,
                () -> GroupProtocol.choose(Optional.of("classic"), Map.of("group.protocol", "consumer"), 1, BUILT_IN)).getMessage();
        assertTrue(both.contains("contradicts"), both);
        String old = assertThrows(IllegalArgumentException.class,
                () -> GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "consumer"), 0, BUILT_IN)).getMessage();
        assertTrue(old.contains("group.version 0") && old.contains("group-protocol=classic"), old);
        String typo = assertThrows(IllegalArgumentException.class, () -> GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "cooperative"), 1, BUILT_IN)).getMessage();
        assertTrue(typo.contains("consumer or classic"), typo);
    }

    @Test
    void aClientWithoutTheConsumerProtocolRunsClassicByDefaultAndRefusesItWhenAsked() {
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.empty(), NONE, 1, OLD));
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.of("classic"), NONE, 1, OLD));
        String option = assertThrows(IllegalArgumentException.class, () -> GroupProtocol.choose(Optional.of("consumer"), NONE, 1, OLD)).getMessage();
        assertEquals("group-protocol=consumer needs the consumer group protocol (KIP-848, GA), in kafka-clients 4.0 and later; "
                + "this run's client is java 3.9.1; use group-protocol=classic", option);
        String setting = GroupProtocol.refusedBy(Optional.empty(), Map.of("group.protocol", "consumer"), OLD);
        assertTrue(setting.startsWith("group.protocol=consumer needs"), setting);
        assertEquals(null, GroupProtocol.refusedBy(Optional.of("consumer"), NONE, BUILT_IN));
    }

    @Test
    void onlyClassicMembersSetTheirOwnSessionAndHeartbeat() {
        Map<String, String> consumer = GroupProtocol.CONSUMER.memberSettings();
        assertEquals("consumer", consumer.get("group.protocol"));
        assertFalse(consumer.containsKey("session.timeout.ms") || consumer.containsKey("heartbeat.interval.ms"), consumer.toString());
        Map<String, String> classic = GroupProtocol.CLASSIC.memberSettings();
        assertEquals("6000", classic.get("session.timeout.ms"));
        assertEquals("classic", classic.get("group.protocol"));
    }
}
