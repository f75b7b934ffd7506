package io.kchaos.nemesis.protocol;

import io.kchaos.history.HistoryWriter;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.NemesisRegistry;
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
            Fault f = r.parse(List.of("hold-request")).get(0).inject(cluster.context(new NemesisRecorder(w), 1));
            f.heal();
        }
        assertEquals(2, cluster.calls.size(), cluster.calls.toString());
        String add = cluster.calls.get(0);
        assertTrue(add.startsWith("proxy-add ") && add.contains("\"kind\":\"hold\"") && add.contains("\"apis\":[\"END_TXN\"]")
                && add.contains("\"node\":2") && add.contains("\"transactional-id\":\"kchaos-txn-0\"") && add.contains("\"release-after\":\"PRODUCE\"")
                && add.contains("\"count\":1") && add.contains("\"hold-ms\":15000"), add);
        assertTrue(cluster.calls.get(1).startsWith("proxy-remove hold-request-"), cluster.calls.get(1));
    }

    @Test
    void unknownApiKeysErrorsAndSharesAreRefusedWithOneLine() {
        NemesisRegistry api = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-api", "PRODUCEE")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> api.parse(List.of("drop-responses"))).getMessage().contains("PRODUCEE"));
        NemesisRegistry err = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-error", "OOPS")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> err.parse(List.of("error-responses"))).getMessage().contains("OOPS"));
        NemesisRegistry share = NemesisRegistry.builtIn(NetworkFaultOptions.defaults(), new NemesisOptions(Map.of("proxy-share", "2")));
        assertThrows(IllegalArgumentException.class, () -> share.parse(List.of("duplicate-requests")));
    }
}
