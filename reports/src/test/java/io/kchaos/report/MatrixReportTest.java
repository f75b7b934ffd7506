package io.kchaos.report;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.write.MatrixReport;
import io.kchaos.report.write.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixReportTest {
    @TempDir
    Path tmp;

    private static Map<String, String> cfg(String acks, String version) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("acks", acks);
        m.put("min.insync.replicas", "2");
        m.put("kafka-version", version);
        return m;
    }

    @Test
    void gridIsColouredByVerdictAndJUnitHasOneCasePerCell() throws Exception {
        List<MatrixCell> cells = List.of(
                new MatrixCell("acks=all 4.1.1", cfg("all", "4.1.1"), Verdict.VALID, Map.of(), 2_000_000_000L, 12.5, "runs/a/report.html"),
                new MatrixCell("acks=1 4.1.1", cfg("1", "4.1.1"), Verdict.INVALID, Map.of("lost-write", 42L), 3_000_000_000L, 8.1,
                        "runs/b/report.html"),
                new MatrixCell("acks=1 <3.9>", cfg("1", "<3.9>"), Verdict.UNKNOWN, Map.of(), -1, Double.NaN, null));
        MatrixReport.Written w = MatrixReport.write(tmp.resolve("m"), cells);
        String html = Files.readString(w.html());
        assertTrue(html.contains("3 cells: 1 valid, 1 with anomalies, 1 could not judge"));
        assertTrue(html.contains("<th>kafka-version=4.1.1</th>"), "the last varying setting gives the columns");
        assertTrue(html.contains("<th>acks=all</th>"), "the others give the rows");
        assertTrue(html.contains("cell c-valid"));
        assertTrue(html.contains("cell c-invalid"));
        assertTrue(html.contains("cell c-unknown"));
        assertTrue(html.contains("cell c-empty"), "acks=all was not run on <3.9>");
        assertTrue(html.contains("href=\"runs/b/report.html\""));
        assertTrue(html.contains("lost-write 42"));
        assertTrue(html.contains("&lt;3.9&gt;"));
        assertFalse(html.contains("<3.9>"));
        RunReportTest.parseXml(w.html());

        Document junit = RunReportTest.parseXml(w.junit());
        Element suite = junit.getDocumentElement();
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("errors"));
        NodeList failures = junit.getElementsByTagName("failure");
        assertEquals("acks=1 4.1.1", ((Element) failures.item(0).getParentNode()).getAttribute("name"));
        assertTrue(((Element) failures.item(0)).getAttribute("message").contains("lost-write (42)"));
    }

    private static String banner(String html) {
        int from = html.indexOf("<div class=\"banner");
        return html.substring(from, html.indexOf("</div>", from));
    }

    @Test
    void aMatrixWhoseEveryExpectationIsMetIsGreenThoughItsCellsFoundAnomalies() throws Exception {
        List<MatrixCell> cells = List.of(
                new MatrixCell("acks=1", Map.of("acks", "1"), Verdict.INVALID, Map.of("lost-write", 7L), -1, 1.0, null),
                new MatrixCell("acks=all", Map.of("acks", "all"), Verdict.VALID, Map.of(), -1, 1.0, null));
        MatrixExpectations met = new MatrixExpectations(List.of(new MatrixExpectations.Cell("c1 acks=1", List.of("invalid"), List.of()),
                new MatrixExpectations.Cell("c2 acks=all", List.of("valid"), List.of())));
        String b = banner(Files.readString(MatrixReport.write(tmp.resolve("met"), cells, met).html()));
        assertTrue(b.startsWith("<div class=\"banner v-valid\">every expectation met (2 of 2 cells with expectations)"), b);
        assertTrue(b.indexOf("every expectation met") < b.indexOf("verdicts: 2 cells: 1 valid, 1 with anomalies, 0 could not judge"),
                "expectations first, verdict counts second: " + b);

        MatrixExpectations unmet = new MatrixExpectations(List.of(new MatrixExpectations.Cell("c1 acks=1", List.of("valid"),
                List.of("expected valid, 1 of 1 runs had anomalies [lost-write]")), new MatrixExpectations.Cell("c2 acks=all", List.of(), List.of())));
        b = banner(Files.readString(MatrixReport.write(tmp.resolve("unmet"), cells, unmet).html()));
        assertTrue(b.startsWith("<div class=\"banner v-invalid\">expectations UNMET in 1 of 1 cells with expectations"), b);
        assertTrue(b.contains("c1 acks=1: expected valid, 1 of 1 runs had anomalies [lost-write]"), b);

        b = banner(Files.readString(MatrixReport.write(tmp.resolve("none"), cells).html()));
        assertTrue(b.startsWith("<div class=\"banner v-invalid\">no expectation given; 2 cells: 1 valid, 1 with anomalies"), b);
    }

    @Test
    void aCellFromARunReportLinksRelativeToTheMatrix() throws Exception {
        Path runDir = Files.createDirectories(tmp.resolve("m/runs/r1"));
        ReportOutput out = RunReport.write(runDir);
        MatrixCell c = MatrixCell.of("", Map.of("acks", "1"), out, tmp.resolve("m"));
        assertEquals("runs/r1/report.html", c.reportLink());
        assertEquals("acks=1", c.displayName());
        assertEquals(Verdict.UNKNOWN, c.verdict());
    }
}
