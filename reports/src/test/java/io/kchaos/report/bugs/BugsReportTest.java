package io.kchaos.report.bugs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pack's page from planted answers: the banner follows the expectations first, then a bug × release table. */
public class BugsReportTest {
    /** Four planted answers on two releases: exposed and safe as expected, not applicable, and an unexpected inconclusive. */
    public static List<BugCell> cells() {
        return List.of(
                new BugCell("KIP-966", "last replica standing", "https://kip", "3.9.1", Exposure.EXPOSED, Exposure.EXPOSED, "lost-write 880 in r1",
                        "r1/report.html", 120),
                new BugCell("KIP-966", "last replica standing", "https://kip", "4.4.0", Exposure.SAFE, Exposure.SAFE, "no anomaly in 2 of 2 tries", null, 240),
                new BugCell("KAFKA-16541", "empty epoch file", "https://jira", "3.9.1", Exposure.NOT_APPLICABLE, Exposure.NOT_APPLICABLE,
                        "not applicable: fixed in 3.8.0", null, 0),
                new BugCell("KAFKA-16541", "empty epoch file", "https://jira", "4.4.0", Exposure.INCONCLUSIVE, Exposure.NOT_APPLICABLE,
                        "no run folder", null, 0));
    }

    @Test
    void unmetExpectationsComeFirstThenTheAnswerCounts(@TempDir Path dir) throws Exception {
        String html = Files.readString(BugsReport.write(dir, cells(), "kchaos bugs --kafka-version 3.9.1,4.4.0").html());
        int banner = html.indexOf("class=\"banner v-invalid\"");
        assertTrue(banner > 0, "an unmet expectation makes the banner red");
        int headline = html.indexOf("expectations UNMET in 1 of 4 cells with expectations");
        int unmet = html.indexOf("KAFKA-16541 on 4.4.0: expected not applicable, got inconclusive: no run folder");
        int counts = html.indexOf("answers: 1 exposed, 1 safe, 1 not applicable, 1 inconclusive");
        assertTrue(banner < headline && headline < unmet && unmet < counts, "expectations first, counts second");
        assertTrue(html.contains("<th>Kafka 3.9.1</th><th>Kafka 4.4.0</th>"), "releases side by side");
        assertTrue(html.contains("<td class=\"cell c-invalid\"><strong>exposed</strong>"), html);
        assertTrue(html.contains("<a href=\"r1/report.html\">run report</a>"));
        assertTrue(html.contains("<a href=\"https://kip\">KIP-966</a>"));
    }

    @Test
    void everyExpectationMetIsGreenEvenWithAnExposure(@TempDir Path dir) throws Exception {
        String html = Files.readString(BugsReport.write(dir, cells().subList(0, 3), "kchaos bugs").html());
        assertTrue(html.contains("class=\"banner v-valid\">every expectation met (3 of 3 cells with expectations)"), html);
        assertFalse(html.contains("UNMET"));
    }
}
