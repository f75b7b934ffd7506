package io.kchaos.harness.run;

import io.kchaos.cluster.os.FileTrees;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Test helper: loads a page in Debian's headless Chromium (no network, fresh profile) to dump its DOM or screenshot it. */
public final class HeadlessChromium {
    private final String binary;

    private HeadlessChromium(String binary) {
        this.binary = binary;
    }

    /** The installed Chromium, or the test is skipped with the reason. */
    public static HeadlessChromium require() {
        for (String b : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(b))) return new HeadlessChromium(b);
        }
        Assumptions.abort("chromium is not installed (apt-get install chromium); skipping the browser check");
        return null;
    }

    /** The DOM after load, serialized by the browser. */
    public String dumpDom(Path page) throws IOException, InterruptedException {
        return run(page, "--dump-dom");
    }

    /** Writes a PNG screenshot of the page. */
    public void screenshot(Path page, Path png) throws IOException, InterruptedException {
        run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=1400,2400");
    }

    private String run(Path page, String... extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("kchaos-chromium");
        List<String> cmd = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
                "--user-data-dir=" + profile));
        cmd.addAll(List.of(extra));
        cmd.add(page.toAbsolutePath().toUri().toString());
        Path out = Files.createTempFile("chromium", ".out");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("chromium did not finish within 90 s");
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            FileTrees.delete(profile); // the browser's profile: 2.4 MB per page, left in /tmp before
        }
    }
}
