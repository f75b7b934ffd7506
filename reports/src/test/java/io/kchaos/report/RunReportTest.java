package io.kchaos.report;

import io.kchaos.history.folder.ResultsJson;
import io.kchaos.checker.result.Anomalies;

import io.kchaos.checker.result.Verdict;
import io.kchaos.report.write.RunReport;
import io.kchaos.testkit.SyntheticRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunReportTest {
    private static final String ESCAPED_XSS = "&lt;script&gt;alert(1)&lt;/script&gt;";

    @TempDir
    Path tmp;

    static Document parseXml(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static List<Element> elements(Document d, String tag) {
        NodeList nl = d.getElementsByTagNameNS("*", tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nl.getLength(); i++) out.add((Element) nl.item(i));
        return out;
    }

    @Test
    void aRunWithAnomaliesGetsChartsSectionsAndAFailingJUnit() throws Exception {
        Path run = tmp.resolve("bad");
        SyntheticRun.write(run, 6_000, true, 7);
        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.INVALID, out.verdict());
        assertEquals(1234L, out.anomalyCounts().get("lost-write"));
        assertTrue(out.worstGapNanos() > 0);
        assertTrue(out.sendP99Millis() > 0);

        String html = Files.readString(out.html(), StandardCharsets.UTF_8);
        assertTrue(html.contains("ANOMALIES FOUND"));
        // charts with the fault windows labelled
        assertTrue(html.contains("Send latency by completion time"));
        assertTrue(html.contains("Send throughput"));
        assertTrue(html.contains("Partition leaders"));
        assertTrue(html.contains("Acknowledged sends per partition") && html.contains("Unseen writes")
                && html.contains("Consumer lag"));
        for (String label : List.of(">kill 2<", ">pause 3<", ">partition [1] | [2 3]<", ">slow 1 latency-ms=200<")) {
            assertTrue(html.contains(label), "fault label " + label);
        }
        // anomaly sections with counts and definitions
        assertTrue(html.contains("id=\"anomaly-lost-write\""));
        assertTrue(html.contains("1234 cases"));
        assertTrue(html.contains("of 1234 timed cases") && html.contains(">1000 in #1 kill 2<") && html.contains("234 outside every fault window"),
                "the lost writes by fault window, labelled as on the timeline");
        assertTrue(html.contains("id=\"anomaly-duplicate\""));
        assertTrue(html.contains("id=\"anomaly-G1a\""));
        assertTrue(html.contains(Escape.markup(Anomalies.definition("lost-write"))), "the catalogue's definition");
        assertTrue(html.contains("id=\"anomaly-replica-divergence\""));
        // the hostile strings (a key, an example field, an error message, a config, a warning) render as text
        assertFalse(html.contains("<script>alert(1)</script>"));
        assertFalse(html.toLowerCase().contains("<script"), "no script element at all");
        assertTrue(html.contains("SerializationException: rejected before send " + ESCAPED_XSS), "the error message, escaped");
        assertTrue(html.contains("consumer said: " + ESCAPED_XSS), "the warning, escaped");
        assertTrue(html.contains("&quot;note&quot;:&quot;" + ESCAPED_XSS), "the example detail, escaped");

        // well-formed, every id unique, every in-page link resolves
        Document doc = parseXml(out.html());
        assertEquals(6, elements(doc, "svg").size(), "latency, throughput, per partition, unseen, lag, leaders");
        Set<String> ids = new HashSet<>();
        for (Element e : elements(doc, "*")) {
            if (e.hasAttribute("id")) assertTrue(ids.add(e.getAttribute("id")), "duplicate id " + e.getAttribute("id"));
        }
        for (Element a : elements(doc, "a")) {
            String href = a.getAttribute("href");
            if (href.startsWith("#")) assertTrue(ids.contains(href.substring(1)), "dangling link " + href);
        }
        assertTrue(ids.contains("h-" + firstLostWriteIndex(run)), "example index has an excerpt anchor");

        Document junit = parseXml(out.junit());
        Element suite = junit.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        List<String> failing = new ArrayList<>();
        for (Element tc : elements(junit, "testcase")) {
            if (tc.getElementsByTagName("failure").getLength() > 0) failing.add(tc.getAttribute("name"));
        }
        assertEquals(List.of("queue", "replicas", "G1a", "duplicate", "lost-write", "replica-divergence"), failing);
        assertEquals("6", suite.getAttribute("tests"));
        assertEquals("6", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        String failureText = elements(junit, "failure").get(0).getTextContent();
        assertTrue(failureText.contains("<script>alert(1)</script>"), "escaped in the file, the same text once parsed");
    }

    private static long firstLostWriteIndex(Path run) throws IOException {
        return Results.of(ResultsJson.read(run)).anomalies().get("lost-write").examples().get(0).get("index").asLong();
    }

    @Test
    void aValidRunHasNoFailure() throws Exception {
        Path run = tmp.resolve("good");
        SyntheticRun.write(run, 3_000, false, 8);
        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.VALID, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("banner v-valid"));
        assertTrue(html.contains("No anomaly found."));
        Document junit = parseXml(out.junit());
        assertEquals(0, elements(junit, "failure").size());
        assertEquals(0, elements(junit, "error").size());
        assertEquals(List.of("queue", "replicas"), elements(junit, "testcase").stream().map(e -> e.getAttribute("name")).toList());
    }

    @Test
    void anAnomalyTheConsistencyModelAllowsIsShownButTheRunStaysValid() throws Exception {
        Path run = tmp.resolve("allowed");
        SyntheticRun.write(run, 3_000, false, 8);
        Path results = run.resolve("results.json");
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) io.kchaos.history.Json.MAPPER.readTree(results.toFile());
        root.put("consistency-model", "kafka");
        ((com.fasterxml.jackson.databind.node.ArrayNode) root.get("anomaly-types")).add("G2");
        var g2 = ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("anomalies")).putObject("G2");
        g2.put("count", 1).put("forbidden", false).putArray("examples").addObject().putArray("cycle");
        io.kchaos.history.Json.MAPPER.writeValue(results.toFile(), root);

        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.VALID, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("1 case, allowed by kafka"), html);
        assertTrue(html.contains("Judged under the consistency model kafka ("), html);
        Document junit = parseXml(out.junit());
        assertEquals(List.of(), elements(junit, "failure").stream().map(e -> e.getAttribute("message")).toList());
        assertTrue(elements(junit, "system-out").stream().anyMatch(e -> e.getTextContent().contains("allowed by the consistency model: G2")));
    }

    @Test
    void everyAnomalyFoundIsListedMarkedForbiddenOrAllowedUnderTheModelTheResultNames() throws Exception {
        Path run = tmp.resolve("marked");
        SyntheticRun.write(run, 3_000, false, 8);
        Path results = run.resolve("results.json");
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) io.kchaos.history.Json.MAPPER.readTree(results.toFile());
        root.put("consistency-model", "serializable").put("valid", false);
        var an = (com.fasterxml.jackson.databind.node.ObjectNode) root.get("anomalies");
        for (String[] t : new String[][]{{"G2", "true"}, {"G0-process", "false"}}) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) root.get("anomaly-types")).add(t[0]);
            an.putObject(t[0]).put("count", 1).put("forbidden", Boolean.parseBoolean(t[1])).putArray("examples").addObject().putArray("cycle");
        }
        io.kchaos.history.Json.MAPPER.writeValue(results.toFile(), root);
        Path runJson = run.resolve("run.json");
        Files.writeString(runJson, Files.readString(runJson).replaceFirst("\\{", "{\"consistency-model\": \"serializable\", "));

        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.INVALID, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("Judged under the consistency model serializable (Adya&#39;s PL-3"));
        assertTrue(html.contains("<li class=\"forbidden\"><a href=\"#anomaly-G2\">G2</a>: 1 case, forbidden by serializable</li>"));
        assertTrue(html.contains("1 case, allowed by serializable"));
        assertTrue(html.contains("<td>consistency model</td><td>serializable</td>"));

        root.remove("consistency-model");
        io.kchaos.history.Json.MAPPER.writeValue(results.toFile(), root);
        html = Files.readString(RunReport.write(run).html());
        assertTrue(html.contains("names no consistency model (an older file): every anomaly counts as forbidden"));
    }

    @Test
    void theClientCaseOfJUnitIsNamedAfterTheWorkload() throws Exception {
        Path run = tmp.resolve("txn");
        SyntheticRun.write(run, 3_000, false, 8);
        Path runJson = run.resolve("run.json");
        Files.writeString(runJson, Files.readString(runJson).replaceAll("\"workload\"\\s*:\\s*\"queue\"", "\"workload\": \"txn\""));
        Document junit = parseXml(RunReport.write(run).junit());
        assertEquals(List.of("txn", "replicas"), elements(junit, "testcase").stream().map(e -> e.getAttribute("name")).toList());
    }

    @Test
    void anEmptyFolderCannotBeJudgedButStillGetsAReport() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("empty"));
        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.UNKNOWN, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("COULD NOT JUDGE"));
        assertTrue(html.contains("results.json not found"));
        assertTrue(html.contains("history.jsonl not found"));
        assertTrue(html.contains(">unknown<"));
        parseXml(out.html());
        Document junit = parseXml(out.junit());
        assertEquals(1, elements(junit, "error").size());
        assertEquals(0, elements(junit, "failure").size());
    }

    @Test
    void aReplaySaysOfWhichRunAndWhichFaults() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("replay"));
        Files.writeString(run.resolve("results.json"), "{\"valid\":false,\"anomaly-types\":[\"lost-write\"],\"anomalies\":"
                + "{\"lost-write\":{\"count\":1,\"examples\":[]}}}");
        Files.writeString(run.resolve("run.json"), "{\"name\":\"replay-acks1\",\"seed\":7,\"replay-of\":{\"run\":\"store/20261201-acks1\","
                + "\"name\":\"leader-kill-acks1\",\"faults\":3,\"kept\":[2]}}");
        Files.writeString(run.resolve("history.jsonl"), "");
        String html = Files.readString(RunReport.write(run).html());
        assertTrue(html.contains("replay of the faults [2] (of 3) of leader-kill-acks1 (store/20261201-acks1)"), "the identity line and the run section say it");
    }

    @Test
    void aKnownCauseIsShownBesideItsDuplicatesAndTheVerdictStays() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("known-cause"));
        Files.writeString(run.resolve("results.json"), "{\"valid\":false,\"anomaly-types\":[\"duplicate\"],\"anomalies\":{\"duplicate\":"
                + "{\"count\":1,\"examples\":[{\"value\":1,\"known-cause\":\"restart-shrinks-dedup-window\"}],\"known-causes\":[{"
                + "\"cause\":\"restart-shrinks-dedup-window\",\"finding\":\"docs/findings.md#x\",\"summary\":\"a broker restart shrank the window\","
                + "\"explained-examples\":1,\"of-examples\":1,\"evidence\":[{\"value\":1,\"partition\":0,\"producer-id\":7,"
                + "\"first\":{\"offset\":1,\"producer-epoch\":0,\"sequence\":1},\"again\":{\"offset\":4,\"producer-epoch\":1,\"sequence\":0},"
                + "\"refusal\":{\"node\":1,\"time\":\"2026-12-05 21:48:01,123\",\"producer-id\":7,\"partition\":0,\"log-end-offset\":4,"
                + "\"incoming-sequence\":1,\"end-sequence\":3}}]}]}}}");
        Files.writeString(run.resolve("history.jsonl"), "");
        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.INVALID, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("Known Kafka cause: </b>a broker restart shrank the window (1 of the 1 examples below; docs/findings.md#x)"), html);
        assertTrue(html.contains("node 1 at 2026-12-05 21:48:01,123: sequence 1 refused, end sequence 3, log end 4"));
        assertTrue(html.contains("<td>1, 0, 1</td><td>4, 1, 0</td>"));
    }

    @Test
    void aDuplicateWithoutAKnownCauseShowsNone() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("no-known-cause"));
        Files.writeString(run.resolve("results.json"), "{\"valid\":false,\"anomaly-types\":[\"duplicate\"],\"anomalies\":{\"duplicate\":"
                + "{\"count\":1,\"examples\":[{\"value\":1}]}}}");
        Files.writeString(run.resolve("history.jsonl"), "");
        assertFalse(Files.readString(RunReport.write(run).html()).contains("Known Kafka cause"));
    }

    @Test
    void checkerErrorsWithoutAnomaliesAreCouldNotJudgeAndABrokenHistoryIsShownNotThrown() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("errors"));
        Files.writeString(run.resolve("results.json"), "{\"valid\":false,\"anomaly-types\":[],\"anomalies\":{},"
                + "\"errors\":[\"history.jsonl line 3: not JSON\"]}");
        Files.writeString(run.resolve("run.json"), "{\"name\":\"x\",\"seed\":5,\"broker-config\":{\"k\":\"<b>\"}}");
        Files.writeString(run.resolve("history.jsonl"),
                "{\"index\":0,\"time\":0,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":{\"key\":\"a\",\"value\":1}}\n"
                        + "{\"index\":1,\"time\":5000000,\"process\":0,\"type\":\"ok\",\"f\":\"send\",\"value\":{\"key\":\"a\",\"value\":1,\"partition\":0,\"offset\":0}}\n"
                        + "garbage\n{\"index\":3,\"time\":1,\"process\":0,\"type\":\"invoke\",\"f\":\"send\",\"value\":null}\n");
        ReportOutput out = RunReport.write(run);
        assertEquals(Verdict.UNKNOWN, out.verdict());
        String html = Files.readString(out.html());
        assertTrue(html.contains("history read stopped after 2 lines"), "the malformed line is reported");
        assertTrue(html.contains("&lt;b&gt;"));
        assertTrue(html.contains("ok (1)"), "what was read before the bad line is drawn");
        Element error = (Element) parseXml(out.junit()).getElementsByTagName("error").item(0);
        assertTrue(error.getAttribute("message").contains("history.jsonl line 3: not JSON"));
    }

    @Test
    void aMissingFolderIsAOneLineError() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RunReport.write(tmp.resolve("nope")));
        assertTrue(e.getMessage().startsWith("not a run folder"));
    }
}
