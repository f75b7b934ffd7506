package io.kchaos.checker.replica;

import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded fuzzing of the log-directory reader: every damage to one replica's files (bytes flipped, segments cut,
 * emptied, deleted or replaced by a named pipe, checkpoints and meta.properties garbled or replaced by a pipe, stray
 * directories and oddly named files) ends within seconds either in anomalies, in a refusal with a one-line reason,
 * or in a verdict with a warning naming the file or its folder (a stray file; a segment that is not a regular file, or
 * a lost first segment, which look like retention). Never another exception, never a hang, never a silent VALID.
 */
class LogDirFuzzTest {
    private static final long SEED = 11L;
    private static final int ROUNDS = 120;

    @TempDir
    Path tmp;

    @Test
    void everyDamageIsReportedRefusedOrWarnedAbout() throws Exception {
        Random random = new Random(SEED);
        Map<String, int[]> tally = new TreeMap<>();
        for (int i = 0; i < ROUNDS; i++) {
            ReplicaFixture f = new ReplicaFixture(tmp.resolve("round-" + i));
            List<Path> dirs = f.write();
            Damage d = Damage.values()[random.nextInt(Damage.values().length)];
            Path damaged = d.apply(f, random);
            String what = "round " + i + ": " + d + " of " + damaged;
            int[] t = tally.computeIfAbsent(d.name(), k -> new int[3]);
            CheckResult r;
            try {
                r = assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                        ReplicaAudit.builder().logDirs(dirs).finalIsr(ReplicaFixture.TOPIC, Map.of(ReplicaFixture.PARTITION, List.of(1, 2, 3)))
                                .ackedWrites(f.history(), ReplicaFixture.TOPIC).build().run(), what);
            } catch (InvalidLogDirException refused) {
                assertEquals(1, refused.getMessage().lines().count(), "one line: " + what + ": " + refused.getMessage());
                assertFalse(d.stray, "a stray file does not make a log dir unreadable: " + what);
                t[2]++;
                continue;
            } catch (RuntimeException other) {
                fail("only a one-line refusal may be thrown: " + what, other);
                return;
            }
            if (r.verdict() == Verdict.INVALID) {
                t[1]++;
                continue;
            }
            assertTrue(r.warnings().stream().anyMatch(w -> w.contains(damaged.toString()) || w.contains(damaged.getParent() + " ")),
                    "never VALID in silence: " + what + " -> " + r.toJson());
            t[0]++;
        }
        StringBuilder summary = new StringBuilder("MEASURED log-dir fuzz: warned/anomalies/refused");
        tally.forEach((d, t) -> summary.append(' ').append(d).append('=').append(t[0]).append('/').append(t[1]).append('/').append(t[2]));
        System.out.println(summary);
    }

    /** One kind of damage to node 1's files; returns the path damaged. */
    private enum Damage {
        FLIP_SEGMENT_BYTE(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path s = f.segment(1, 0);
                byte[] b = Files.readAllBytes(s);
                int at = r.nextInt(b.length);
                b[at] = (byte) (b[at] ^ (1 + r.nextInt(255)));
                Files.write(s, b);
                return s;
            }
        },
        CUT_SEGMENT(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path s = f.segment(1, r.nextBoolean() ? 0 : ReplicaFixture.SECOND_SEGMENT);
                try (var ch = Files.newByteChannel(s, StandardOpenOption.WRITE)) {
                    ch.truncate(r.nextInt((int) ch.size()));
                }
                return s;
            }
        },
        DELETE_SEGMENT(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path s = f.segment(1, 0);
                Files.delete(s);
                return s;
            }
        },
        SEGMENT_IS_A_PIPE(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                return pipe(f.segment(1, r.nextBoolean() ? 0 : ReplicaFixture.SECOND_SEGMENT));
            }
        },
        CHECKPOINT_GARBLED(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path c = checkpoint(f, r);
                byte[] junk = new byte[1 + r.nextInt(64)];
                r.nextBytes(junk);
                Files.write(c, junk);
                return c;
            }
        },
        CHECKPOINT_IS_A_PIPE(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                return pipe(checkpoint(f, r));
            }
        },
        META_GARBLED(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path m = f.logDir(1).resolve(BrokerLogDir.META_PROPERTIES);
                Files.writeString(m, r.nextBoolean() ? "node.id=one\n" : "version=1\n");
                return m;
            }
        },
        META_IS_A_PIPE(false) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                return pipe(f.logDir(1).resolve(BrokerLogDir.META_PROPERTIES));
            }
        },
        DIRECTORY_NAMED_LIKE_A_SEGMENT(true) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                return Files.createDirectory(f.partitionFolder(1).resolve(Segment.fileName(9999)));
            }
        },
        ODDLY_NAMED_SEGMENT(true) {
            Path apply(ReplicaFixture f, Random r) throws IOException {
                Path odd = f.partitionFolder(1).resolve(r.nextBoolean() ? "123.log" : "00000000000000000000 (copy).log");
                Files.copy(f.segment(1, 0), odd);
                return odd;
            }
        };

        final boolean stray;

        Damage(boolean stray) {
            this.stray = stray;
        }

        abstract Path apply(ReplicaFixture f, Random r) throws IOException;

        static Path checkpoint(ReplicaFixture f, Random r) {
            String[] names = {BrokerLogDir.HIGH_WATERMARKS, BrokerLogDir.RECOVERY_POINTS, BrokerLogDir.LOG_START_OFFSETS};
            int pick = r.nextInt(names.length + 1);
            return pick == names.length ? f.partitionFolder(1).resolve(LeaderEpochCheckpoint.FILE_NAME) : f.logDir(1).resolve(names[pick]);
        }

        static Path pipe(Path file) throws IOException {
            Files.deleteIfExists(file);
            try {
                Process p = new ProcessBuilder("mkfifo", file.toString()).start();
                if (p.waitFor() != 0) throw new IOException("mkfifo failed");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            return file;
        }
    }
}
