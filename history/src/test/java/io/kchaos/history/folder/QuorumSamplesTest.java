package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuorumSamplesTest {
    private static final QuorumSamples.Sample FIRST = new QuorumSamples.Sample(1_500_000_000L, 4, 2, 120, List.of(4, 5, 6));
    private static final QuorumSamples.Sample SECOND = new QuorumSamples.Sample(2_000_000_000L, 5, 3, -1, List.of(4, 5, 6));
    private static final QuorumSamples.Sample THIRD = new QuorumSamples.Sample(9_000_000_000L, 5, 3, 180, List.of(4, 5, 6, 7),
            Map.of(4, 180L, 5, 181L, 6, -1L, 7, 150L), Map.of(1, 179L));

    @Test
    void samplesReadBackAsWrittenAndATornLastLineIsSkipped(@TempDir Path dir) throws Exception {
        Path file = new RunFiles(dir).quorum();
        try (QuorumSamples.Writer w = new QuorumSamples.Writer(file)) {
            w.write(FIRST);
            w.write(SECOND);
            w.write(THIRD);
        }
        Files.writeString(file, "{\"time\": 95000, \"lea", StandardOpenOption.APPEND);
        assertEquals(List.of(FIRST, SECOND, THIRD), QuorumSamples.read(file));
    }

    @Test
    void aRunWithoutTheFileHasNoSamples(@TempDir Path dir) {
        assertEquals(List.of(), QuorumSamples.read(dir.resolve(RunFiles.QUORUM)));
    }

    @Test
    void theVoterSetOverTimeKeepsEachChange() {
        ArrayNode sets = QuorumSamples.voterSets(List.of(FIRST, SECOND, THIRD));
        assertEquals(2, sets.size(), sets.toString());
        assertEquals("[4,5,6]", sets.get(0).path("voters").toString());
        assertEquals(9_000_000_000L, sets.get(1).path("time").asLong());
        assertEquals("[4,5,6,7]", sets.get(1).path("voters").toString());
        assertTrue(FIRST.source().contains("1.500 s") && FIRST.source().contains(RunFiles.QUORUM), FIRST.source());
    }
}
