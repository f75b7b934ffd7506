package io.kchaos.history;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The op records a history reader needs: every fault op has a kind, and the names other tools write read as before. */
class NemesisOpsTest {
    @Test
    void everyFaultOpHasAKind() {
        for (Map.Entry<String, FaultOp> e : NemesisOps.faults().entrySet()) assertNotNull(e.getValue().kind(), e.getKey());
        assertEquals(FaultKind.UPGRADE, NemesisOps.ROLLING_UPGRADE.kind());
        assertEquals(FaultKind.PROXY, NemesisOps.PROXY_HOLD.kind());
    }

    @Test
    void otherToolsNamesReadAsBefore() {
        assertSame(NemesisOps.KILL, NemesisOps.lookup("crash").orElseThrow(), "Jepsen's crash is a SIGKILL");
        assertSame(NemesisOps.KILL, NemesisOps.lookup("kill-random").orElseThrow());
        assertSame(NemesisOps.DISK_FULL, NemesisOps.lookup("fill-disk").orElseThrow(), "disk-full's op of older kchaos versions");
        FaultOp corrupt = NemesisOps.lookup("corrupt").orElseThrow();
        assertEquals(FaultKind.LINK, corrupt.kind(), "corrupt in a history is network corruption, not corrupt-segment");
        assertEquals(NemesisOps.SLOW.healedBy(), corrupt.healedBy());
    }

    @Test
    void aProxyOpsRuleKindIsItsNameWithoutTheProxyPrefix() {
        assertEquals("drop-response", NemesisOps.proxyRuleKind(NemesisOps.PROXY_DROP_RESPONSE.f()));
        assertThrows(IllegalArgumentException.class, () -> NemesisOps.proxyRuleKind("kill"));
    }
}
