package io.kchaos.cluster.stop;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * metadata is lost (its logs are closed, and a kill keeps the page cache), only Kafka's time-out is skipped. Every
 * backend gives its nodes as {@link StoppingNode}s.
 */
public final class LastVoterRelease implements AutoCloseable {
    /** What Kafka's Raft client logs when its graceful shutdown begins (the same from 3.7 to 4.4). */
    public static final String RAFT_SHUTDOWN_BEGUN = "] Beginning graceful shutdown";
    /** Added to a released node's server.log, so nobody reading it looks for Kafka's time-out line. */
    public static final String NOTE = "kchaos: killed in the Raft client's graceful shutdown: every node still running waited"
            + " for a successor that could not come (the final stop); its broker and controller had shut down";
    /** How long every waiting node must have waited: a follower's shutdown, or a leader's with a successor, ends sooner. */
    public static final Duration SETTLE = Duration.ofMillis(500);
    /** How often nodes whose logs are files on this machine are looked at. */
    public static final Duration FILE_POLL = Duration.ofMillis(100);

    private final Map<Integer, StoppingNode> nodes;
    private final Duration poll;
    private final Map<Integer, String> carry = new HashMap<>();
    private final Map<Integer, Long> begunAt = new HashMap<>();
    private final Set<Integer> released = ConcurrentHashMap.newKeySet();
    private final Thread watcher;
    private volatile boolean closed;

    /** Watches {@code nodes} (every node of the cluster, stopping or not), each looked at once every {@code poll}. */
    public LastVoterRelease(Map<Integer, ? extends StoppingNode> nodes, Duration poll) {
        this.nodes = new TreeMap<>(nodes); // node order, for the kills and the tests
        this.poll = poll;
        watcher = new Thread(this::watch, "kchaos-last-voter-release");
        watcher.setDaemon(true);
    }

    /**
     * Watches nodes whose logs are files on this machine, {@code logs} (every node of the cluster, stopping or not),
     * from their current ends; {@code kill} is SIGKILL with a wait for the exit.
     */
    public static LastVoterRelease ofFiles(Map<Integer, Path> logs, IntPredicate running, IntConsumer kill) {
        Map<Integer, StoppingNode> nodes = new HashMap<>();
        logs.forEach((id, log) -> nodes.put(id, new FileNode(id, log, running, kill)));
        return new LastVoterRelease(nodes, FILE_POLL);
    }

    /** Starts watching; call just before the nodes get their SIGTERM. */
    public LastVoterRelease start() {
        watcher.start();
        return this;
    }

    /** Whether node {@code id} was killed here (it did not exit by itself). */
    public boolean released(int id) {
        return released.contains(id);
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(poll.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            check(System.nanoTime());
        }
    }

    /** One look at every node (the watcher's, each poll); kills every node still running once all of them have waited {@link #SETTLE}. */
    public synchronized void check(long nowNanos) {
        if (closed) return;
        List<Integer> live = new ArrayList<>();
        nodes.forEach((id, node) -> {
            StoppingNode.Look look = node.look();
            if (!look.running()) return;
            live.add(id);
            if (!begunAt.containsKey(id) && begun(id, look.appended())) begunAt.put(id, nowNanos);
        });
        if (live.isEmpty()) return;
        for (int id : live) {
            Long since = begunAt.get(id);
            if (since == null || nowNanos - since < SETTLE.toNanos()) return;
        }
        live.forEach(this::release);
    }

    /** Whether the text, with the end of the previous one (a line written in two pieces), holds the beginning. */
    private boolean begun(int id, String appended) {
        String text = carry.getOrDefault(id, "") + appended;
        carry.put(id, text.substring(Math.max(0, text.length() - RAFT_SHUTDOWN_BEGUN.length())));
        return text.contains(RAFT_SHUTDOWN_BEGUN);
    }

    private void release(int id) {
        StoppingNode node = nodes.get(id);
        released.add(id);
        try {
            node.kill();
        } catch (RuntimeException e) { // the stop's own grace and SIGKILL still end it
            released.remove(id);
            System.err.println("warning: node " + id + ": killing it after its Raft client's wait began: " + e.getMessage());
            return;
        }
        try {
            node.note(NOTE);
        } catch (RuntimeException e) { // best effort: a log that cannot be appended to loses only the note
            System.err.println("warning: node " + id + ": " + e.getMessage());
        }
    }

    /** Stops watching, once a look under way (a kill and its note) has ended. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        watcher.interrupt();
        try {
            watcher.join(poll.toMillis() * 10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
