package io.kchaos.checker.result;

import io.kchaos.testkit.GeneratedBlocks;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/format.md's and README.md's anomaly tables are the catalogue's ({@code kchaos anomalies --markdown} prints them). */
class AnomalyDocsTest {
    private static final List<String> CHECKERS = Anomalies.CHECKERS;

    @Test
    void formatDocTablesAreTheCatalogue() {
        for (String checker : CHECKERS) {
            assertEquals(AnomalyTable.markdown(checker), GeneratedBlocks.block("docs/format.md", "anomalies", checker),
                    "docs/format.md's table of " + checker + " differs from Anomalies.java; paste `kchaos anomalies --markdown`");
        }
    }

    @Test
    void formatDocModelTablesAreTheCatalogue() {
        assertEquals(ModelTable.markdown(), GeneratedBlocks.block("docs/format.md", "consistency-models", "models"),
                "docs/format.md's table of models differs from ConsistencyModels.java; paste `kchaos anomalies --markdown`");
        assertEquals(ModelTable.promisesMarkdown(), GeneratedBlocks.block("docs/format.md", "consistency-models", "promises"),
                "docs/format.md's table of promises differs from Promises.java; paste `kchaos anomalies --markdown`");
        assertEquals(ModelTable.cyclesMarkdown(), GeneratedBlocks.block("docs/format.md", "consistency-models", "cycles"),
                "docs/format.md's table of cycles differs from Anomalies.java; paste `kchaos anomalies --markdown`");
    }

    @Test
    void everyImpliedAnomalyIsACycleOfTheCatalogue() {
        for (AnomalyType a : Anomalies.all()) {
            for (String i : a.implies()) assertTrue(Anomalies.isCycle(i), a.key() + " implies " + i);
        }
    }

    @Test
    void readmeTableIsTheCatalogue() {
        assertEquals(AnomalyTable.keysByChecker(), GeneratedBlocks.block("README.md", "anomalies", "by-checker"),
                "README.md's anomaly table differs from Anomalies.java");
    }

    @Test
    void everyTypeHasAKnownCheckerAndAllFieldsAndAUniqueKey() {
        Set<String> keys = new HashSet<>();
        for (AnomalyType a : Anomalies.all()) {
            assertTrue(CHECKERS.contains(a.checker()), a.key());
            assertTrue(!a.definition().isBlank() && !a.example().isBlank(), a.key());
            assertTrue(keys.add(a.key()), a.key());
            assertEquals(a.isReplica(), a.checker().equals(Anomalies.REPLICA_AUDIT), a.key());
        }
        assertTrue(Anomalies.definition("made-up").contains("not in kchaos's anomaly catalogue"));
    }
}
