package io.kchaos.cluster.install;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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

    @Test
    void theTieredStoragePluginIsInTheModuleTargetOfACheckout(@TempDir Path co) throws IOException {
        Path target = Files.createDirectories(co.resolve("tiered-storage/target"));
        Installation here = new Installation(Files.createDirectories(co.resolve("harness/target")));
        assertEquals(Optional.empty(), here.tieredStorageJar(), "not built");
        Files.createFile(target.resolve("kchaos-tiered-storage-0.1.0-SNAPSHOT-sources.jar"));
        Files.createFile(target.resolve("kchaos-tiered-storage-0.1.0-SNAPSHOT.jar"));
        assertEquals(Optional.of(target.resolve("kchaos-tiered-storage-0.1.0-SNAPSHOT.jar")), here.tieredStorageJar());
    }

    @Test
    void theTieredStoragePluginIsInPluginsOfADistribution(@TempDir Path home) throws IOException {
        Path jar = Files.createFile(Files.createDirectories(home.resolve("plugins")).resolve("kchaos-tiered-storage-0.1.0.jar"));
        assertEquals(Optional.of(jar), new Installation(Files.createDirectories(home.resolve("lib"))).tieredStorageJar());
    }
}
