package io.kchaos.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test helper: what every run's report must show when a browser renders it. */
final class ReportInBrowser {
    private ReportInBrowser() {
    }

    /** Statistic keys of the replica audit that once showed up as "Topic <key>" tables. */
    private static final Pattern STAT_AS_TOPIC = Pattern.compile("<h3>Topic (log-dirs|partitions-audited|bytes-read|batches|seconds|mb-per-second)</h3>");
    /** A timestamp with sub-second digits, as run.json stores started-at. */
    private static final Pattern RAW_INSTANT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d+Z");

    /**
     * What a person reads first: a summary sentence of what ran and what held, human times, no statistics key as a
     * table title, and no JSON in the outcome and fault sections (results.json stays complete for machines).
     */
    static void personFacing(String dom) {
        int summary = dom.indexOf("class=\"summary\"");
        assertTrue(summary > 0 && summary < dom.indexOf("id=\"run\""), "a summary comes before the first section");
        String sentence = dom.substring(summary, dom.indexOf("</p>", summary));
        assertTrue(sentence.contains("workload ran") && (sentence.contains("acknowledged") || sentence.contains("judged")), sentence);
        assertFalse(STAT_AS_TOPIC.matcher(dom).find(), "an audit statistic is a table named like a topic");
        assertFalse(RAW_INSTANT.matcher(dom).find(), "a time shown with nanoseconds");
        for (String id : new String[] {"outcome", "faults"}) {
            int from = dom.indexOf("id=\"" + id + "\"");
            int to = dom.indexOf("<section", from + 1);
            String section = dom.substring(from, to < 0 ? dom.length() : to);
            assertFalse(section.contains("{\"") || section.contains("{&quot;"), "raw JSON in the " + id + " section");
        }
    }

    /**
     * Renders the run's report.html in headless Chromium; asserts plots (among them per-partition throughput, unseen
     * writes and consumer lag), fault windows, no scripts; returns the DOM.
     */
    static String check(Path runDir, String faultLabel) throws Exception {
        Path html = runDir.resolve("report.html");
        assertTrue(Files.size(html) > 1000, "report.html written");
        assertTrue(Files.size(runDir.resolve("junit.xml")) > 100, "junit.xml written");
        HeadlessChromium chromium = HeadlessChromium.require();
        String dom = chromium.dumpDom(html);
        assertTrue(dom.contains("<svg"), "the DOM has SVG plots");
        assertTrue(dom.contains(faultLabel), "fault windows are labeled (" + faultLabel + ")");
        assertFalse(dom.contains("<script"), "no script in the page, so no script errors");
        for (String plot : new String[] {"tput-partition", "unseen", "lag"}) {
            assertTrue(dom.contains("id=\"" + plot + "-clip\""), "the " + plot + " plot is in the page");
        }
        assertTrue(dom.contains("Unseen writes") && dom.contains("Consumer lag")
                && dom.contains("Acknowledged sends per partition"), "the unseen, lag and per-partition plots are titled");
        personFacing(dom);
        Path png = runDir.resolve("report.png");
        chromium.screenshot(html, png);
        assertTrue(Files.size(png) > 20_000, "a real screenshot was taken: " + png);
        return dom;
    }
}
