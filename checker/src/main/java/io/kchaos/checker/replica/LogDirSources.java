package io.kchaos.checker.replica;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/** Opens what the audit was given: a broker log dir, or a replica digest file holding one or more log dirs from a host. */
final class LogDirSources {
    private LogDirSources() {
    }

    static List<BrokerLogDir> open(Path path, Predicate<String> topics) {
        return DigestFormat.isDigest(path) ? DigestReader.read(path, topics) : List.of(BrokerLogDir.open(path, topics));
    }
}
