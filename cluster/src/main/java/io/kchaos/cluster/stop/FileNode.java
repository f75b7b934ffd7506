package io.kchaos.cluster.stop;

import java.nio.file.Path;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/** A node whose log is a file on this machine (local JVMs, containers with a bind-mounted log), asked and killed by its id. */
final class FileNode implements StoppingNode {
    private final int id;
    private final LogTail log;
    private final IntPredicate running;
    private final IntConsumer kill;

    FileNode(int id, Path log, IntPredicate running, IntConsumer kill) {
        this.id = id;
        this.log = LogTail.fromEnd(log);
        this.running = running;
        this.kill = kill;
    }

    @Override
    public Look look() {
        return running.test(id) ? new Look(true, log.appended()) : Look.GONE;
    }

    @Override
    public void kill() {
        kill.accept(id);
    }

    @Override
    public void note(String line) {
        log.append(line);
    }
}
