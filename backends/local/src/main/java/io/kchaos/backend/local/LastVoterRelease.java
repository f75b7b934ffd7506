package io.kchaos.backend.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * Ends the wait of the last KRaft voters to stop at a cluster's final stop. Once a node's broker and controller have
 * shut down, its Raft client resigns and waits for another leader, a fixed 5 s (Kafka's {@code KafkaRaftClientDriver});
 * when every node still running is in that wait, no successor can come, so each is killed: nothing of its data or
 * metadata is lost (its logs are closed, and a kill keeps the page cache), only Kafka's time-out is skipped.
 */
final class LastVoterRelease implements AutoCloseable {
    /** What Kafka's Raft client logs when its graceful shutdown begins (the same from 3.7 to 4.4). */
    static final String RAFT_SHUTDOWN_BEGUN = "] Beginning graceful shutdown";
    /** Appended to a released node's server.log, so nobody reading it looks for Kafka's time-out line. */
    static final String NOTE = "kchaos: killed in the Raft client's graceful shutdown: every node still running waited"
            + " for a successor that could not come (the final stop); its broker and controller had shut down";
    /** How long every waiting node must have waited: a follower's shutdown, or a leader's with a successor, ends sooner. */
    static final Duration SETTLE = Duration.ofMillis(500);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Map<Integer, Path> logs;
    private final Map<Integer, Long> read = new HashMap<>();
    private final Map<Integer, String> carry = new HashMap<>();
    private final Map<Integer, Long> begunAt = new HashMap<>();
    private final Set<Integer> released = ConcurrentHashMap.newKeySet();
    private final IntPredicate running;
    private final IntConsumer kill;
    private final Thread watcher;
    private volatile boolean closed;

    /**
     * Watches {@code logs} (every node of the cluster, stopping or not) from their current ends; {@code kill} is
     * SIGKILL with a wait for the exit.
     */
    LastVoterRelease(Map<Integer, Path> logs, IntPredicate running, IntConsumer kill) {
        this.logs = new TreeMap<>(logs); // node order, for the kills and the tests
        this.running = running;
        this.kill = kill;
        logs.forEach((id, log) -> read.put(id, size(log)));
        watcher = new Thread(this::watch, "kchaos-last-voter-release");
        watcher.setDaemon(true);
    }

    /** Starts watching; call just before the nodes get their SIGTERM. */
    LastVoterRelease start() {
        watcher.start();
        return this;
    }

    /** Whether node {@code id} was killed here (it did not exit by itself). */
    boolean released(int id) {
        return released.contains(id);
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            check(System.nanoTime());
        }
    }

    /** One look at the logs; kills every node still running once all of them have waited {@link #SETTLE}. */
    synchronized void check(long nowNanos) {
        List<Integer> live = logs.keySet().stream().filter(running::test).toList();
        for (int id : live) {
            if (!begunAt.containsKey(id) && newText(id).contains(RAFT_SHUTDOWN_BEGUN)) begunAt.put(id, nowNanos);
        }
        if (live.isEmpty()) return;
        for (int id : live) {
            Long since = begunAt.get(id);
            if (since == null || nowNanos - since < SETTLE.toNanos()) return;
        }
        for (int id : live) {
            released.add(id);
            try {
                kill.accept(id);
            } catch (RuntimeException e) { // the stop's own grace and SIGKILL still end it
                released.remove(id);
                System.err.println("warning: node " + id + ": killing it after its Raft client's wait began: " + e.getMessage());
                continue;
            }
            note(id);
        }
    }

    private String newText(int id) {
        Path log = logs.get(id);
        long from = read.get(id);
        try (FileChannel ch = FileChannel.open(log, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size <= from) return carry.getOrDefault(id, "");
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(size - from, 1 << 20));
            ch.read(buf, from);
            read.put(id, from + buf.position());
            String text = carry.getOrDefault(id, "") + new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
            carry.put(id, text.substring(Math.max(0, text.length() - RAFT_SHUTDOWN_BEGUN.length())));
            return text;
        } catch (IOException e) {
            return "";
        }
    }

    /** Best effort: a log that cannot be appended to loses only the note. */
    private void note(int id) {
        try {
            Files.writeString(logs.get(id), NOTE + "\n", StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("warning: node " + id + ": " + logs.get(id) + ": " + e.getMessage());
        }
    }

    private static long size(Path log) {
        try {
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        closed = true;
        watcher.interrupt();
        try {
            watcher.join(POLL.toMillis() * 10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
