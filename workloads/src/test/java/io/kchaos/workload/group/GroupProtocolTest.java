package io.kchaos.workload.group;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GroupProtocolTest {
    private static final Map<String, String> NONE = Map.of();

    @Test
    void theConsumerProtocolByDefaultWhereTheClusterHasGroupVersion1AndClassicElsewhere() {
        assertEquals(GroupProtocol.CONSUMER, GroupProtocol.choose(Optional.empty(), NONE, 1));
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.empty(), NONE, 0));
    }

    @Test
    void theOptionOrTheUsersConsumerSettingDecides() {
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.of("classic"), NONE, 1));
        assertEquals(GroupProtocol.CLASSIC, GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "CLASSIC"), 1));
        assertEquals(GroupProtocol.CONSUMER, GroupProtocol.choose(Optional.of("consumer"), Map.of("group.protocol", "consumer"), 1));
    }

    @Test
    void contradictionsAndTheConsumerProtocolWithoutGroupVersionAreOneLineRefusals() {
        String both = assertThrows(IllegalArgumentException.class,
                () -> GroupProtocol.choose(Optional.of("classic"), Map.of("group.protocol", "consumer"), 1)).getMessage();
        assertTrue(both.contains("contradicts"), both);
        String old = assertThrows(IllegalArgumentException.class,
                () -> GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "consumer"), 0)).getMessage();
        assertTrue(old.contains("group.version 0") && old.contains("group-protocol=classic"), old);
        String typo = assertThrows(IllegalArgumentException.class, () -> GroupProtocol.choose(Optional.empty(), Map.of("group.protocol", "cooperative"), 1)).getMessage();
        assertTrue(typo.contains("consumer or classic"), typo);
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
