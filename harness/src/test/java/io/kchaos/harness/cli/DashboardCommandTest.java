package io.kchaos.harness.cli;

import io.kchaos.harness.run.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code kchaos dashboard}: a planted store's regression is flagged and visible in a real browser; bad input exits 2 with one line. */
class DashboardCommandTest {
    /** The flag badge's background (PageStyle's .flag); no other part of the page uses it. */
    private static final int FLAG_RGB = 0xb00020;

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void thePlantedRegressionIsFlaggedAndVisibleInABrowser() throws Exception {
        Path store = Files.createDirectories(tmp.resolve("store"));
        Path planted = PlantedStore.write(store);
        assertEquals(0, run("dashboard", store.toString()), err.toString());
        Path page = store.resolve("dashboard.html");
        String html = Files.readString(page);
        assertTrue(html.contains("1 regression flagged"), "the banner counts it");
        assertFalse(html.contains("<script") || html.contains("<link") || html.contains(" src=") || html.contains("href=\"http"),
                "self-contained: no script, no external resource");

        HeadlessChromium chromium = HeadlessChromium.require();
        String dom = chromium.dumpDom(page);
        String row = row(dom, "run-" + planted.getFileName());
        assertTrue(row.contains("class=\"regressed\"") && row.contains(">REGRESSION<"), "the planted run's row is flagged: " + row);
        assertTrue(Pattern.compile("throughput: [0-9.]+ acks/s, down 70 % from the median [0-9.]+ of the 2 runs before").matcher(row).find(),
                "the flag says why: " + row);
        assertEquals(2, count(dom, "class=\"flag\""), "one flag in the regression list, one in the run's row, no other");
        assertTrue(dom.contains("DAMAGED run folder: run.json is unreadable"), "the damaged folder has its row");
        assertTrue(dom.contains("every expectation met (2 of 2 cells with expectations)"), "the matrix is judged by its expectations");
        assertEquals(6, count(dom, "<svg"), "two trend plots for each of the 3 scenarios");
        int flagPixels = flagPixels(chromium, page, "dashboard.png");
        assertTrue(flagPixels > 300, "the REGRESSION badge is drawn on screen: " + flagPixels + " pixels of its colour");

        Path lenient = tmp.resolve("lenient.html");
        assertEquals(0, run("dashboard", store.toString(), "--out", lenient.toString(), "--drop-share", "0.9"), err.toString());
        assertTrue(Files.readString(lenient).contains("no regression flagged"), "a 70 % drop is within a 90 % share");
        assertEquals(0, flagPixels(chromium, lenient, "lenient.png"), "without a flag, no pixel has the flag's colour");
    }

    private int flagPixels(HeadlessChromium chromium, Path page, String png) throws Exception {
        Path shot = tmp.resolve(png);
        chromium.screenshot(page, shot);
        BufferedImage img = ImageIO.read(shot.toFile());
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) if ((img.getRGB(x, y) & 0xffffff) == FLAG_RGB) n++;
        }
        return n;
    }

    private static String row(String dom, String id) {
        Matcher m = Pattern.compile("<tr[^>]*id=\"" + Pattern.quote(id) + "\"[^>]*>.*?</tr>", Pattern.DOTALL).matcher(dom);
        assertTrue(m.find(), "row " + id + " in the page");
        return m.group();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    @Test
    void badInputExits2WithOneLine() throws Exception {
        assertOneLineRefusal("store not found", "dashboard", tmp.resolve("nope").toString());
        Path file = Files.writeString(tmp.resolve("file.txt"), "mine");
        assertOneLineRefusal("not a store directory", "dashboard", file.toString());
        Path store = Files.createDirectories(tmp.resolve("store"));
        assertOneLineRefusal("--drop-share must be between 0 and 1", "dashboard", store.toString(), "--drop-share", "1.5");
        assertOneLineRefusal("exists and is not a kchaos dashboard; not overwritten", "dashboard", store.toString(), "--out", file.toString());
        assertEquals("mine", Files.readString(file), "the user's file is untouched");
        assertOneLineRefusal("is a directory", "dashboard", store.toString(), "--out", store.toString());
        assertOneLineRefusal("Missing required parameter", "dashboard");
    }

    @Test
    void anEarlierDashboardIsReplacedAndAnEmptyStoreGivesAPage() throws Exception {
        Path store = Files.createDirectories(tmp.resolve("store"));
        Path page = tmp.resolve("elsewhere.html");
        assertEquals(0, run("dashboard", store.toString(), "--out", page.toString()), err.toString());
        assertTrue(Files.readString(page).contains("No run folder in the store."));
        assertEquals(0, run("dashboard", store.toString(), "--out", page.toString()), err.toString());
        assertEquals(0, run("dashboard", store.toString()), err.toString());
        assertTrue(Files.isRegularFile(store.resolve("dashboard.html")));
        assertTrue(Files.readString(store.resolve("dashboard.html")).contains("0 runs (0 damaged) in 0 scenarios · 0 matrices"));
    }

    private void assertOneLineRefusal(String mustContain, String... args) {
        err.getBuffer().setLength(0);
        assertEquals(2, run(args), err.toString());
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: ") && e.contains(mustContain), e);
        assertEquals(1, e.strip().lines().count(), "one line: " + e);
    }
}
