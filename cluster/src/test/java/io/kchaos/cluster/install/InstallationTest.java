package io.kchaos.cluster.install;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InstallationTest {
    @Test
    void theModuleJarsOfACheckoutLieInTheLibFolderBesideKchaosJar() {
        assertEquals(Path.of("/co/harness/target"), Installation.codeFolder(Path.of("/co/harness/target/lib")));
        assertEquals(Path.of("/co/harness/target"), Installation.codeFolder(Path.of("/co/harness/target")));
    }

    @Test
    void aDistributionHasEveryJarInLib() {
        assertEquals(Path.of("/opt/kchaos/lib"), Installation.codeFolder(Path.of("/opt/kchaos/lib")));
    }
}
