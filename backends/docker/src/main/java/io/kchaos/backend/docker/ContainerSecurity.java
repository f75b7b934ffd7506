package io.kchaos.backend.docker;

import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.ListenerSecurity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a run's security puts into one node's container: the node's keystore and the run's truststore, and under SCRAM
 * the user's credential for the format step, copied into the container's own file system ({@value #DIR}, not the
 * bind-mounted run folder, so they go with the container), and the node's listener settings pointing there.
 */
final class ContainerSecurity {
    /** Where the files are copied inside each container. */
    static final String DIR = "/kchaos/security";
    static final String KEYSTORE = DIR + "/node.p12";
    static final String TRUSTSTORE = DIR + "/truststore.p12";
    static final String SCRAM = DIR + "/scram-credential";

    private final ClusterSecurity security;

    ContainerSecurity(ClusterSecurity security) {
        this.security = security;
    }

    /** Node {@code id}'s listener security as its container finds its stores. */
    ListenerSecurity listeners(int id) {
        return security.listeners(id).storedAt(Path.of(KEYSTORE), Path.of(TRUSTSTORE));
    }

    /** The files to copy into node {@code id}'s container before it starts: container path to content (secrets, never logged). */
    Map<String, byte[]> files(int id) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        ListenerSecurity node = security.listeners(id);
        if (node.keystore() != null) {
            m.put(KEYSTORE, read(node.keystore()));
            m.put(TRUSTSTORE, read(node.stores().truststore()));
        }
        security.scramCredential().ifPresent(c -> m.put(SCRAM, c.getBytes(StandardCharsets.UTF_8)));
        return m;
    }

    /** The file the format step reads the SCRAM credential from (kept off the container's command line), under SCRAM. */
    Optional<String> scramFile() {
        return security.scramCredential().map(c -> SCRAM);
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's store " + file.getFileName(), e);
        }
    }
}
