package io.kchaos.backend.ssh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.History;
import io.kchaos.history.HistoryFile;
import io.kchaos.checker.replica.ReplicaAudit;
import io.kchaos.checker.result.CheckResult;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Damages one host's kept broker files one way after another (a flipped byte in a record, a segment truncated inside
 * a batch, a changed epoch in the leader-epoch checkpoint, a garbage line in the high-watermark checkpoint) and, after
 * each, compares the audit of digests the hosts made over SSH with the local audit of the same directories. The host
 * is one whose broker stopped cleanly where there is one: only then is its recovery point at the log end, so damaged
 * segment bytes are {@code corrupt-batch} rather than a torn tail above the recovery point.
 */
public final class DigestComparison {
    private static final String TOPIC = "kchaos-queue";
    private static final int BATCH_HEADER = 61;

    private final SshTestHosts hosts;
    private final Path history;
    private final Path work;

    public DigestComparison(SshTestHosts hosts, Path history, Path work) {
        this.hosts = hosts;
        this.history = history;
        this.work = work;
    }

    public void damageAndCompare() throws Exception {
        int node = 1;
        while (node < 3 && !Files.exists(dataDir(node).resolve(".kafka_cleanshutdown"))) node++;
        Path data = dataDir(node);
        // a broker killed at the end (one can hang in controlled shutdown once its peers are gone) keeps an old
        // recovery point: damage above it is a torn tail, so only the equality of both audits is asserted then
        String segmentDamage = Files.exists(data.resolve(".kafka_cleanshutdown")) ? "corrupt-batch" : null;
        compare("undamaged", null);
        flipByte(segment(data.resolve(TOPIC + "-0")), firstBatchRecordsAt());
        compare("flipped byte", segmentDamage);
        Path seg = segment(data.resolve(TOPIC + "-1"));
        try (RandomAccessFile f = new RandomAccessFile(seg.toFile(), "rw")) {
            f.setLength(f.length() / 2 + 7);
        }
        compare("truncated segment", segmentDamage);
        Path epochs = data.resolve(TOPIC + "-2").resolve("leader-epoch-checkpoint");
        List<String> lines = new ArrayList<>(Files.readAllLines(epochs));
        String[] first = lines.get(2).split(" "); // the first entry: the topic's first epoch, from offset 0
        lines.set(2, first[0] + " " + (Long.parseLong(first[1]) + 3));
        Files.write(epochs, lines);
        compare("changed epoch", "epoch-lineage-mismatch");
        Files.writeString(data.resolve("replication-offset-checkpoint"), "kchaos garbage\n", StandardCharsets.ISO_8859_1,
                java.nio.file.StandardOpenOption.APPEND);
        compare("garbage checkpoint", "checkpoint-unreadable");
    }

    private Path dataDir(int i) {
        return hosts.dir(i).resolve("node-" + i).resolve("data");
    }

    /** Audits digests made on the hosts and the directories themselves; both results must be equal. */
    private void compare(String step, String expectedType) throws Exception {
        List<HostBroker> brokers = new ArrayList<>();
        try (SshConnections c = new SshConnections(hosts.knownHosts())) {
            for (int i = 1; i <= 3; i++) {
                SshHost h = new SshHost(i, hosts.address(i), 22, "root", hosts.userKey(), hosts.dir(i).toString(), hosts.address(i),
                        "java", 9092, 9093, Map.of(), null);
                brokers.add(new DeployedBroker(c.connect(h), "digest-test", List.of()));
            }
            Path out = Files.createDirectories(work.resolve(step.replace(' ', '-')));
            new ReplicaDigests(work.resolve("scratch")).collect(brokers, history, TOPIC, out);
            History h = HistoryFile.open(history);
            List<Path> local = new ArrayList<>();
            List<Path> digests = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                local.add(dataDir(i));
                digests.add(out.resolve(Integer.toString(i)).resolve(ReplicaDigests.FILE));
            }
            CheckResult byDirs = ReplicaAudit.builder().logDirs(local).topics(List.of(TOPIC)).ackedWrites(h, TOPIC).build().run();
            CheckResult byDigests = ReplicaAudit.builder().logDirs(digests).topics(List.of(TOPIC)).ackedWrites(h, TOPIC).build().run();
            assertEquals(withoutTiming(byDirs), withoutTiming(byDigests), step);
            if (expectedType != null) assertTrue(byDirs.anomalyTypes().contains(expectedType), step + ": " + byDirs.anomalyTypes());
        }
    }

    private static String withoutTiming(CheckResult r) {
        ObjectNode json = r.toJson();
        ((ObjectNode) json.path("stats").path("replicas")).remove(List.of("seconds", "mb-per-second"));
        return json.toPrettyString();
    }

    private static Path segment(Path partition) throws IOException {
        try (Stream<Path> s = Files.list(partition)) {
            return s.filter(p -> p.toString().endsWith(".log")).sorted().findFirst().orElseThrow();
        }
    }

    /** A byte inside the first batch's records (after its 61-byte header). */
    private static long firstBatchRecordsAt() {
        return BATCH_HEADER + 5;
    }

    private static void flipByte(Path file, long position) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(position);
            int b = f.read();
            f.seek(position);
            f.write(b ^ 0xff);
        }
    }
}
