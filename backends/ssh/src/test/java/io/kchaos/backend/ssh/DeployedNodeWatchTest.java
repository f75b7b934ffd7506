package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.cluster.stop.StoppingNode.Look;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deployed broker's watch reads its server.log's increments with one command a look. The "host" is this machine's
 * {@code sh}, so the script the host would run is the one tested; the broker is the test's own JVM (its pid in
 * broker.pid) or a pid that no longer runs.
 */
class DeployedNodeWatchTest {
    private static final String BEGUN = "[2026-12-06 19:07:56,299] INFO [RaftManager id=2] Beginning graceful shutdown (org.apache.kafka.raft.KafkaRaftClient)\n";

    /** This machine's shell as the host; keeps every script it ran. */
    private static final class LocalHost implements HostScripts {
        final List<String> scripts = new ArrayList<>();
        private final ProcessCommandRunner sh = new ProcessCommandRunner();

        @Override
        public synchronized CommandResult exec(String script) {
            scripts.add(script);
            return sh.run("sh", "-c", script);
        }
    }

    private final LocalHost host = new LocalHost();
    private final List<String> kills = new ArrayList<>();

    private DeployedNodeWatch watch(Path dir, long brokerPid) throws IOException {
        Path pidFile = dir.resolve("broker.pid");
        Files.writeString(pidFile, brokerPid + "\n");
        RemoteProcess broker = new RemoteProcess("host 2", host, "cat " + Shell.quote(pidFile.toString()));
        return new DeployedNodeWatch("host 2", host, log(dir).toString(), broker, () -> kills.add("host 2"));
    }

    private static Path log(Path dir) {
        return dir.resolve("server.log");
    }

    private static void append(Path dir, String text) throws IOException {
        Files.writeString(log(dir), text, StandardOpenOption.APPEND, StandardOpenOption.CREATE);
    }

    private static long running() {
        return ProcessHandle.current().pid();
    }

    @Test
    void eachLookIsOneCommandThatGivesOnlyWhatWasAppendedSinceThePreviousOneAcrossPartialLines(@TempDir Path dir) throws IOException {
        append(dir, "an earlier stop" + BEGUN);
        DeployedNodeWatch w = watch(dir, running());
        int cut = BEGUN.indexOf("graceful");
        append(dir, "é " + BEGUN.substring(0, cut));
        int before = host.scripts.size();
        assertEquals(new Look(true, "é " + BEGUN.substring(0, cut)), w.look());
        assertEquals(before + 1, host.scripts.size(), "one command a look");
        assertEquals(new Look(true, ""), w.look());
        append(dir, BEGUN.substring(cut) + "next");
        assertEquals(new Look(true, BEGUN.substring(cut) + "next"), w.look());
    }

    @Test
    void aLookReadsAtMostOneMibAndTheRestNextTime(@TempDir Path dir) throws IOException {
        DeployedNodeWatch w = watch(dir, running());
        String big = "x".repeat((int) DeployedNodeWatch.MAX_READ) + "tail\n";
        append(dir, big);
        assertEquals(DeployedNodeWatch.MAX_READ, w.look().appended().getBytes(StandardCharsets.UTF_8).length);
        assertEquals("tail\n", w.look().appended());
    }

    @Test
    void aBrokerThatNoLongerRunsIsGone(@TempDir Path dir) throws IOException, InterruptedException {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();
        DeployedNodeWatch w = watch(dir, exited.pid());
        append(dir, BEGUN);
        assertEquals(Look.GONE, w.look());
    }

    @Test
    void aHostThatCannotBeAskedCountsAsRunningOutsideTheWait(@TempDir Path dir) {
        HostScripts broken = script -> new CommandResult(255, "", "ssh: connection lost");
        RemoteProcess broker = new RemoteProcess("host 2", broken, "cat broker.pid");
        DeployedNodeWatch w = new DeployedNodeWatch("host 2", broken, log(dir).toString(), broker, () -> kills.add("host 2"));
        assertEquals(new Look(true, ""), w.look());
    }

    @Test
    void theReleaseKillsThroughTheBrokersKillAndAppendsTheNoteToTheHostsLog(@TempDir Path dir) throws IOException {
        append(dir, "started\n");
        LastVoterRelease release = new LastVoterRelease(Map.of(2, watch(dir, running())), DeployedVoterRelease.POLL);
        int cut = BEGUN.indexOf("graceful");
        append(dir, BEGUN.substring(0, cut));
        release.check(0);
        append(dir, BEGUN.substring(cut));
        release.check(1);
        release.check(1 + LastVoterRelease.SETTLE.toNanos() / 2);
        assertEquals(List.of(), kills, "not before it waited");
        release.check(1 + LastVoterRelease.SETTLE.toNanos());
        assertEquals(List.of("host 2"), kills);
        assertTrue(Files.readString(log(dir)).endsWith(BEGUN + LastVoterRelease.NOTE + "\n"));
    }
}
