package io.kchaos.backend.local.cds;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Asks the JVM itself: {@code java <flags> -Xshare:on -XX:SharedArchiveFile=<archive> -cp <class path> -version}
 * exits 0 only when it mapped the archive and found it matching the class path (about 0.1 s). A truncated archive
 * makes that JVM crash, a mismatched one refuse: either way the archive is not used.
 */
public final class JvmArchiveCheck implements ArchiveCheck {
    private static final long TIMEOUT_SECONDS = 30;

    @Override
    public boolean usable(Path archive, JvmLaunch launch) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launch.javaBin().toString());
        cmd.addAll(launch.flags());
        cmd.addAll(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-cp", launch.classPathString(), "-version"));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
