package io.kchaos.backend.docker;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.kchaos.nemesis.cluster.Toxic;
import io.kchaos.nemesis.cluster.Traffic;
import org.junit.jupiter.api.Test;

import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ToxiproxyToxics through the real toxiproxy-java client against an in-memory Toxiproxy API. */
class ToxiproxyToxicsTest {
    private static final List<ProxySpec> PLAN = ListenerPlan.proxies(List.of(1, 2));

    @Test
    void createsThePlannedProxiesAndPutsEachToxicOnBothDirectionsOfExactlyTheChosenOnes() throws Exception {
        try (FakeToxiproxy api = new FakeToxiproxy()) {
            ToxiproxyToxics t = new ToxiproxyToxics(new ToxiproxyClient("127.0.0.1", api.port()), PLAN);
            assertEquals(List.of("kafka-1-client", "kafka-1-replication", "kafka-2-client", "kafka-2-replication"), List.copyOf(api.proxies.keySet()));
            assertEquals("kafka-2:9093", api.proxies.get("kafka-2-replication").get("upstream").asText());
            assertEquals("0.0.0.0:8669", api.proxies.get("kafka-2-replication").get("listen").asText());

            t.add(Set.of(2), Set.of(Traffic.REPLICATION), new Toxic.Latency(500, 100));
            assertEquals("true [kchaos-latency-downstream, kchaos-latency-upstream]", api.state("kafka-2-replication"));
            assertEquals("true []", api.state("kafka-2-client"), "client traffic untouched");
            assertEquals("true []", api.state("kafka-1-replication"), "other nodes untouched");
            var latency = api.toxic("kafka-2-replication", "kchaos-latency-upstream");
            assertEquals("latency", latency.get("type").asText());
            assertEquals(500, latency.get("attributes").get("latency").asLong());
            assertEquals(100, latency.get("attributes").get("jitter").asLong());

            t.add(Set.of(1), Set.of(Traffic.CLIENT, Traffic.REPLICATION), new Toxic.ResetPeer(0));
            assertEquals("reset_peer", api.toxic("kafka-1-client", "kchaos-reset_peer-downstream").get("type").asText());
            t.add(Set.of(1), Set.of(Traffic.CLIENT), new Toxic.Bandwidth(32));
            assertEquals(32, api.toxic("kafka-1-client", "kchaos-bandwidth-upstream").get("attributes").get("rate").asLong());

            t.remove(Set.of(1), Set.of(Traffic.CLIENT));
            assertEquals("true []", api.state("kafka-1-client"));
            assertEquals("true [kchaos-reset_peer-downstream, kchaos-reset_peer-upstream]", api.state("kafka-1-replication"), "only the named traffic is healed");

            t.isolate(Set.of(1));
            assertEquals("false", api.state("kafka-1-client").split(" ")[0]);
            assertEquals("false", api.state("kafka-1-replication").split(" ")[0]);
            assertEquals("true", api.state("kafka-2-client").split(" ")[0], "other nodes stay reachable");
            t.rejoin(Set.of(1));
            assertEquals("true", api.state("kafka-1-client").split(" ")[0]);

            t.add(Set.of(2), Set.of(Traffic.CLIENT), new Toxic.Timeout(2000));
            t.isolate(Set.of(2));
            t.healAll();
            for (ProxySpec p : PLAN) assertEquals("true []", api.state(p.name()), "healAll leaves every proxy enabled and clean: " + p.name());
        }
    }

    @Test
    void replacesProxiesLeftUnderTheSameNameByAnEarlierRun() throws Exception {
        try (FakeToxiproxy api = new FakeToxiproxy()) {
            ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", api.port());
            client.createProxy("kafka-1-client", "0.0.0.0:9999", "elsewhere:1");
            new ToxiproxyToxics(client, PLAN);
            assertEquals("kafka-1:9092", api.proxies.get("kafka-1-client").get("upstream").asText());
        }
    }

    @Test
    void eachActionReturnsOnlyOnceTheApiReadsBackWhatItAskedForAfterAFewStaleReads() throws Exception {
        try (FakeToxiproxy api = new FakeToxiproxy()) {
            ToxiproxyToxics t = new ToxiproxyToxics(new ToxiproxyClient("127.0.0.1", api.port()), PLAN);
            api.lagReads(5);
            t.add(Set.of(1), Set.of(Traffic.CLIENT), new Toxic.Latency(100, 0));
            assertEquals("true [kchaos-latency-downstream, kchaos-latency-upstream]", api.state("kafka-1-client"));
            t.isolate(Set.of(1));
            t.rejoin(Set.of(1));
            t.remove(Set.of(1), Set.of(Traffic.CLIENT));
            t.healAll();
            assertEquals("true []", api.state("kafka-1-client"));
        }
    }

    @Test
    void aToxicOrIsolationTheApiNeverShowsIsNotHeldAndSaysWhatItShowed() throws Exception {
        try (FakeToxiproxy api = new FakeToxiproxy()) {
            ToxiproxyToxics t = new ToxiproxyToxics(new ToxiproxyClient("127.0.0.1", api.port()), PLAN, Duration.ofMillis(200));
            t.add(Set.of(2), Set.of(Traffic.REPLICATION), new Toxic.Timeout(1000));
            api.lagReads(Integer.MAX_VALUE);
            FaultNotHeld added = assertThrows(FaultNotHeld.class, () -> t.add(Set.of(1), Set.of(Traffic.CLIENT), new Toxic.Bandwidth(8)));
            assertTrue(added.getMessage().startsWith("Toxiproxy proxy kafka-1-client bandwidth toxics listed: not seen within 200 ms"), added.getMessage());
            assertTrue(added.getMessage().endsWith("last seen: enabled, toxics []"), added.getMessage());
            FaultNotHeld removed = assertThrows(FaultNotHeld.class, () -> t.remove(Set.of(2), Set.of(Traffic.REPLICATION)));
            assertTrue(removed.getMessage().endsWith("last seen: enabled, toxics [kchaos-timeout-downstream, kchaos-timeout-upstream]"),
                    removed.getMessage());
            FaultNotHeld isolated = assertThrows(FaultNotHeld.class, () -> t.isolate(Set.of(2)));
            assertTrue(isolated.getMessage().contains("kafka-2-client disabled"), isolated.getMessage());
        }
    }
}
