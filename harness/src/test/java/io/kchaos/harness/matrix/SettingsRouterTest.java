package io.kchaos.harness.matrix;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --set keys go where their name says; ambiguous names must be prefixed. */
class SettingsRouterTest {

    private static SettingsRouter.Route r(String key) {
        return SettingsRouter.route(key);
    }

    @Test
    void routesByName() {
        assertEquals(new SettingsRouter.Route(SettingTarget.PRODUCER, "acks"), r("acks"));
        assertEquals(SettingTarget.PRODUCER, r("enable.idempotence").target());
        assertEquals(SettingTarget.CONSUMER, r("isolation.level").target());
        assertEquals(SettingTarget.BROKER, r("min.insync.replicas").target());
        assertEquals(SettingTarget.BROKER, r("unclean.leader.election.enable").target());
        assertEquals(SettingTarget.BROKER, r("eligible.leader.replicas.version").target());
        assertEquals(new SettingsRouter.Route(SettingTarget.RUN, "replication-factor"), r("replication-factor"));
        assertEquals(SettingTarget.RUN, r("kafka-version").target());
    }

    @Test
    void prefixesWin() {
        assertEquals(new SettingsRouter.Route(SettingTarget.BROKER, "acks"), r("broker.acks"));
        assertEquals(new SettingsRouter.Route(SettingTarget.PRODUCER, "compression.type"), r("producer.compression.type"));
        assertEquals(new SettingsRouter.Route(SettingTarget.CONSUMER, "request.timeout.ms"), r("consumer.request.timeout.ms"));
    }

    @Test
    void ambiguousNamesAreRefused() {
        String both = assertThrows(IllegalArgumentException.class, () -> r("request.timeout.ms")).getMessage();
        assertTrue(both.contains("producer.request.timeout.ms or consumer.request.timeout.ms"), both);
        String topic = assertThrows(IllegalArgumentException.class, () -> r("compression.type")).getMessage();
        assertTrue(topic.contains("producer.compression.type or broker.compression.type"), topic);
    }

    @Test
    void eachTargetBecomesItsRunArguments() {
        assertEquals(List.of("--producer-config", "acks=1"), MatrixAxis.parse("acks=1,all").route().target().args("acks", "1"));
        MatrixCellSpec cell = MatrixCellSpec.grid(List.of(MatrixAxis.parse("min.insync.replicas=1,2"), MatrixAxis.parse("acks=1,all"),
                MatrixAxis.parse("replication-factor=2"), MatrixAxis.of("kafka-version", List.of("3.9.1")))).get(1);
        assertEquals("min.insync.replicas=1 acks=all replication-factor=2 kafka-version=3.9.1", cell.label());
        assertEquals(List.of("--broker-config", "min.insync.replicas=1", "--producer-config", "acks=all", "--replication-factor", "2",
                "--kafka-version", "3.9.1"), cell.runArgs());
    }
}
