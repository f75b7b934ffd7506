package io.kchaos.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.raft.MetadataNode;
import io.kchaos.checker.raft.RaftAudit;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.testkit.SyntheticMetadataLog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes three identical synthetic KRaft metadata logs of small batches (a LeaderChange every 10 000 batches, two
 * records a batch, like KRaft's NoOp and registration batches), then times {@link RaftAudit} over them, JIT cold and warm.
 *
 * <p>Usage: {@code RaftAuditBench [BATCHES_PER_NODE (default 200000)]}
 */
public final class RaftAuditBench {
    private static final int NODES = 3;

    private RaftAuditBench() {
    }

    public static void main(String[] args) throws IOException {
        int batches = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        Path root = Files.createTempDirectory("kchaos-raft-bench");
        try {
            List<MetadataNode> nodes = new ArrayList<>();
            for (int n = 1; n <= NODES; n++) {
                Path dir = root.resolve("node-" + n);
                try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
                    for (int b = 0; b < batches; b++) {
                        if (b % 10_000 == 0) log.leaderChange(b / 10_000 + 1, 1);
                        else log.batch(b / 10_000 + 1, 2, "r" + b);
                    }
                    log.quorumState(1, batches / 10_000 + 1);
                }
                nodes.add(new MetadataNode(n, dir, true));
            }
            for (String run : List.of("first run, JIT cold", "second run")) {
                long t0 = System.nanoTime();
                CheckResult r = RaftAudit.of(nodes).run();
                double s = (System.nanoTime() - t0) / 1e9;
                JsonNode stats = r.toJson().path("stats").path("raft");
                System.out.printf("%s: %s, %d batches read, %d compared, %.1f MB in %.2f s (%.0f batches/s)%n", run,
                        r.valid() ? "valid" : "INVALID", stats.path("batches").asLong(), stats.path("batches-compared").asLong(),
                        stats.path("bytes-read").asLong() / 1e6, s, stats.path("batches").asLong() / s);
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            }
        }
    }
}
