package io.kchaos.harness.run;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test helper: what every run's report must show when a browser renders it. */
final class ReportInBrowser {
    private ReportInBrowser() {
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
        Path png = runDir.resolve("report.png");
        chromium.screenshot(html, png);
        assertTrue(Files.size(png) > 20_000, "a real screenshot was taken: " + png);
        return dom;
    }
}
