package io.kchaos.backend.docker;

import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.FaultNotHeld;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * Process faults on containers through the Docker API: kill is {@code docker kill} (SIGKILL), start is
 * {@code docker start} of the same container (same mounted data), stop is {@code docker stop} (SIGTERM, a bounded
 * wait, then SIGKILL), pause is {@code docker pause} (the cgroup freezer: a real freeze of every thread). Each fault
 * returns once Docker reports its effect (not running; paused; not paused), else throws {@link FaultNotHeld}.
 */
final class ContainerProcesses {
    private final ContainerApi docker;
    private final Duration bound;

    ContainerProcesses(ContainerApi docker) {
        this(docker, EffectWait.BOUND);
    }

    /** With {@code bound} for every read-back instead of {@link EffectWait#BOUND} (tests). */
    ContainerProcesses(ContainerApi docker, Duration bound) {
        this.docker = docker;
        this.bound = bound;
    }

    void kill(String id) {
        if (!running(id)) return;
        docker.kill(id);
        await(id, "exited after docker kill", s -> !s.running());
    }

    void start(String id) {
        if (!running(id)) docker.start(id);
    }

    void stop(String id, Duration grace) {
        if (!running(id)) return;
        docker.stop(id, grace);
        await(id, "exited after docker stop", s -> !s.running());
    }

    void pause(String id) {
        if (docker.state(id) != ContainerState.RUNNING) return;
        docker.pause(id);
        await(id, "paused", s -> s == ContainerState.PAUSED);
    }

    void resume(String id) {
        if (!paused(id)) return;
        docker.unpause(id);
        await(id, "unpaused", s -> s != ContainerState.PAUSED);
    }

    /** Running or paused; false for an exited or removed container. */
    boolean running(String id) {
        return docker.state(id).running();
    }

    boolean paused(String id) {
        return docker.state(id) == ContainerState.PAUSED;
    }

    private void await(String id, String effect, Predicate<ContainerState> holds) {
        EffectWait.until("container " + shortId(id) + " " + effect, bound, () -> docker.state(id), holds, ContainerState::toString);
    }

    private static String shortId(String id) {
        return id.substring(0, Math.min(12, id.length()));
    }
}
