package io.kchaos.backend.local.cds;

import java.nio.file.Path;

/** Whether a JVM launch can use an archive: a damaged or mismatched one must never reach a broker (it can crash the JVM). */
@FunctionalInterface
public interface ArchiveCheck {
    boolean usable(Path archive, JvmLaunch launch);
}
