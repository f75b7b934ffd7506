package io.kchaos.nemesis.protocol;

import io.kchaos.history.HistoryWriter;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.catalogue.NemesisRegistry;
import io.kchaos.nemesis.network.NetworkFaultOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtocolFaultsTest {
    @TempDir
    Path dir;

    @Test
    void aHoldAimedAtTheTransactionCoordinatorTakesOnlyThatTransactionalIdsEndTxnAndIsSwitchedOffByItsHeal() {
        NemesisRegistry r = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of(
                "proxy-api", "END_TXN", "proxy-target", "coordinator", "proxy-release-after", "PRODUCE", "proxy-hold-ms", "15000")));
        FakeCluster cluster = FakeCluster.full();
        try (HistoryWriter w = new HistoryWriter(dir.resolve("h.jsonl"))) {
            Fault f = r.parse(List.of("proxy-hold")).get(0).inject(cluster.context(new NemesisRecorder(w), 1));
            f.heal();
        }
        assertEquals(2, cluster.calls.size(), cluster.calls.toString());
        String add = cluster.calls.get(0);
        assertTrue(add.startsWith("proxy-add ") && add.contains("\"kind\":\"hold\"") && add.contains("\"apis\":[\"END_TXN\"]")
                && add.contains("\"node\":2") && add.contains("\"transactional-id\":\"kchaos-txn-0\"") && add.contains("\"release-after\":\"PRODUCE\"")
                && add.contains("\"count\":1") && add.contains("\"hold-ms\":15000"), add);
        assertTrue(cluster.calls.get(1).startsWith("proxy-remove proxy-hold-"), cluster.calls.get(1));
    }

    @Test
    void unknownApiKeysErrorsAndSharesAreRefusedWithOneLine() {
        NemesisRegistry api = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-api", "PRODUCEE")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> api.parse(List.of("proxy-drop-response"))).getMessage().contains("PRODUCEE"));
        NemesisRegistry err = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-error", "OOPS")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> err.parse(List.of("proxy-error"))).getMessage().contains("OOPS"));
        NemesisRegistry share = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-share", "2")));
        assertThrows(IllegalArgumentException.class, () -> share.parse(List.of("proxy-duplicate")));
    }

    @Test
    void eachLinkFaultSwitchesOnItsRuleWithoutApiKeysOnTheTargetsNodeAndItsHealSwitchesItOff() {
        NemesisRegistry r = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of(
                "proxy-target", "leader", "proxy-latency-ms", "300", "proxy-jitter-ms", "50", "proxy-rate", "1000",
                "proxy-slice-bytes", "16", "proxy-slice-delay-ms", "2-4")));
        Map<String, String> expected = Map.of(
                "proxy-latency", "\"kind\":\"latency\",\"apis\":[],\"node\":",
                "proxy-bandwidth", "\"kind\":\"bandwidth\",\"apis\":[],\"node\":",
                "proxy-slice", "\"kind\":\"slice\",\"apis\":[],\"node\":",
                "proxy-reset", "\"kind\":\"reset\",\"apis\":[],\"node\":",
                "proxy-blackhole", "\"kind\":\"blackhole\",\"apis\":[],\"node\":");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            FakeCluster cluster = FakeCluster.full();
            try (HistoryWriter w = new HistoryWriter(dir.resolve(e.getKey() + ".jsonl"))) {
                r.parse(List.of(e.getKey())).get(0).inject(cluster.context(new NemesisRecorder(w), 1)).heal();
            }
            String add = cluster.calls.get(0);
            assertTrue(add.startsWith("proxy-add ") && add.contains(e.getValue()), add);
            if (e.getKey().equals("proxy-latency")) assertTrue(add.contains("\"delay-ms\":[250,350]"), add);
            if (e.getKey().equals("proxy-slice")) assertTrue(add.contains("\"delay-ms\":[2,4]"), add);
            if (e.getKey().equals("proxy-bandwidth")) assertTrue(add.contains("\"rate\":1000"), add);
            if (e.getKey().equals("proxy-slice")) assertTrue(add.contains("\"slice-bytes\":16"), add);
            assertTrue(cluster.calls.get(1).startsWith("proxy-remove " + e.getKey() + "-"), cluster.calls.get(1));
        }
    }

    @Test
    void badLinkSettingsAreRefusedWithOneLine() {
        NemesisRegistry jitter = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of(
                "proxy-latency-ms", "100", "proxy-jitter-ms", "200")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> jitter.parse(List.of("proxy-latency"))).getMessage().contains("proxy-jitter-ms"));
        NemesisRegistry rate = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-rate", "0")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> rate.parse(List.of("proxy-bandwidth"))).getMessage().contains("proxy-rate"));
        NemesisRegistry slice = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-slice-delay-ms", "x")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> slice.parse(List.of("proxy-slice"))).getMessage().contains("proxy-slice-delay-ms"));
    }
}
