package io.kchaos.cluster.stop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The release of the last voters' wait, on nodes whose logs are files (the local and Docker backends'). */
class LastVoterReleaseTest {
    private static final long SETTLE = LastVoterRelease.SETTLE.toNanos();
    private static final String BEGUN = "2026-12-06T19:07:56.299 [kafka-shutdown-hook] INFO org.apache.kafka.raft.KafkaRaftClient - [RaftManager id=2] Beginning graceful shutdown\n";

    private final Set<Integer> running = ConcurrentHashMap.newKeySet();
    private final List<Integer> killed = new ArrayList<>();

    private LastVoterRelease release(Map<Integer, Path> logs) {
        running.addAll(logs.keySet());
        return LastVoterRelease.ofFiles(logs, running::contains, id -> {
            killed.add(id);
            running.remove(id);
        });
    }

    private static Map<Integer, Path> logs(Path dir, int n) throws IOException {
        Map<Integer, Path> logs = new LinkedHashMap<>();
        for (int id = 1; id <= n; id++) {
            Path log = dir.resolve(id + ".log");
            Files.writeString(log, "started\n");
            logs.put(id, log);
        }
        return logs;
    }

    private static void append(Path log, String text) throws IOException {
        Files.writeString(log, text, StandardOpenOption.APPEND);
    }

    @Test
    void theLastVoterWaitingForASuccessorIsKilledOnceItWaitedAndTheNoteSaysWhy(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 3);
        LastVoterRelease r = release(logs);
        running.remove(1);
        running.remove(3);
        append(logs.get(2), BEGUN);
        r.check(0);
        assertEquals(List.of(), killed, "not before it waited a little: a leader with a successor finishes by itself");
        r.check(SETTLE);
        assertEquals(List.of(2), killed);
        assertTrue(r.released(2));
        assertFalse(r.released(1));
        assertTrue(Files.readString(logs.get(2)).endsWith(LastVoterRelease.NOTE + "\n"));
    }

    @Test
    void aWaitingVoterIsLeftAloneWhileAnotherNodeStillRunsOutsideTheWait(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 4); // 4: a dedicated controller, still running while the brokers stop
        LastVoterRelease r = release(logs);
        running.remove(1);
        running.remove(3);
        append(logs.get(2), BEGUN);
        r.check(0);
        r.check(10 * SETTLE);
        assertEquals(List.of(), killed);
        running.remove(4);
        r.check(11 * SETTLE);
        assertEquals(List.of(2), killed, "once the other node exited");
    }

    @Test
    void severalNodesAllWaitingAreKilledTogether(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 3);
        LastVoterRelease r = release(logs);
        running.remove(1);
        append(logs.get(2), BEGUN);
        r.check(0);
        append(logs.get(3), BEGUN);
        r.check(SETTLE);
        assertEquals(List.of(), killed, "node 3 has only just begun");
        r.check(2 * SETTLE);
        assertEquals(List.of(2, 3), killed);
    }

    @Test
    void aBeginningLoggedBeforeTheStopIsNotTakenForThisOne(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 1);
        append(logs.get(1), BEGUN); // an earlier stop of the same node, before a restart
        LastVoterRelease r = release(logs);
        r.check(0);
        r.check(10 * SETTLE);
        assertEquals(List.of(), killed);
    }

    @Test
    void aLineWrittenInTwoPiecesIsFound(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 1);
        LastVoterRelease r = release(logs);
        int cut = BEGUN.indexOf("graceful");
        append(logs.get(1), BEGUN.substring(0, cut));
        r.check(0);
        append(logs.get(1), BEGUN.substring(cut));
        r.check(1);
        r.check(1 + SETTLE);
        assertEquals(List.of(1), killed);
    }

    @Test
    void nothingRunningKillsNothing(@TempDir Path dir) throws IOException {
        Map<Integer, Path> logs = logs(dir, 2);
        LastVoterRelease r = release(logs);
        running.clear();
        r.check(0);
        r.check(SETTLE);
        assertEquals(List.of(), killed);
    }
}
