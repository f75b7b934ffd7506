package io.kchaos.backend.local;

import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.os.ProcessCommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A closed local cluster leaves its nodes' server.properties without the secrets its brokers were given. */
class ClosedClusterSecretsTest {
    @Test
    void closingRedactsEachNodesServerProperties(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(1, null, Map.of(), 256, Duration.ofSeconds(1));
        Path file = Files.createDirectories(dir.resolve("1")).resolve("server.properties");
        Files.writeString(file, "node.id=1\nssl.keystore.password=PLANTED-SECRET-91f3\n");
        new LocalCluster(spec, dir, new LoopbackHosts(), new ProcessCommandRunner()).close();
        assertEquals("node.id=1\nssl.keystore.password=[redacted]\n", Files.readString(file));
    }
}
