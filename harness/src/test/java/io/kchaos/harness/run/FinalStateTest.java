package io.kchaos.harness.run;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The final state hands the replica audit every data directory of every broker, JBOD brokers' all of theirs. */
class FinalStateTest {
    @Test
    void theAuditGetsEveryDirOfEveryBroker() {
        Map<Integer, List<Path>> dirs = new LinkedHashMap<>();
        dirs.put(1, List.of(Path.of("/n/1/data/disk-0"), Path.of("/n/1/data/disk-1")));
        dirs.put(2, List.of(Path.of("/n/2/data")));
        FinalState fin = new FinalState("t", Map.of(), true, "", 0, dirs, List.of());
        assertEquals(List.of(Path.of("/n/1/data/disk-0"), Path.of("/n/1/data/disk-1"), Path.of("/n/2/data")), fin.allLogDirs());
    }
}
