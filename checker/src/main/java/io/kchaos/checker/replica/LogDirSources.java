package io.kchaos.checker.replica;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * Opens what the audit was given: a broker log dir, a replica digest file holding one or more log dirs from a host, or
 * a pruned log dir ({@link PrunedLogDir}), read from the digest it holds.
 */
final class LogDirSources {
    private LogDirSources() {
    }

    static List<BrokerLogDir> open(Path path, Predicate<String> topics) {
        if (DigestFormat.isDigest(path)) return DigestReader.read(path, topics);
        if (PrunedLogDir.isPruned(path)) return DigestReader.read(PrunedLogDir.digestOf(path), topics);
        return List.of(BrokerLogDir.open(path, topics));
    }
}
