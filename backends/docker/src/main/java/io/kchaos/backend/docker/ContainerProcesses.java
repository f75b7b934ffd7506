package io.kchaos.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import io.kchaos.cluster.ClusterException;

import java.time.Duration;
import java.util.Optional;

/**
 * Process faults on containers through the Docker API: kill is {@code docker kill} (SIGKILL), start is
 * {@code docker start} of the same container (same mounted data), stop is {@code docker stop} (SIGTERM, a bounded
 * wait, then SIGKILL), pause is {@code docker pause} (the cgroup freezer: a real freeze of every thread).
 */
final class ContainerProcesses {
    private final DockerClient docker;

    ContainerProcesses(DockerClient docker) {
        this.docker = docker;
    }

    void kill(String id) {
        if (!running(id)) return;
        docker.killContainerCmd(id).exec();
        awaitExit(id, Duration.ofSeconds(10));
    }

    void start(String id) {
        if (!running(id)) docker.startContainerCmd(id).exec();
    }

    void stop(String id, Duration grace) {
        if (!running(id)) return;
        docker.stopContainerCmd(id).withTimeout((int) grace.toSeconds()).exec();
        awaitExit(id, Duration.ofSeconds(10));
    }

    void pause(String id) {
        if (running(id) && !paused(id)) docker.pauseContainerCmd(id).exec();
    }

    void resume(String id) {
        if (paused(id)) docker.unpauseContainerCmd(id).exec();
    }

    /** Running or paused; false for an exited or removed container. */
    boolean running(String id) {
        return state(id).map(s -> Boolean.TRUE.equals(s.getRunning())).orElse(false);
    }

    boolean paused(String id) {
        return state(id).map(s -> Boolean.TRUE.equals(s.getPaused())).orElse(false);
    }

    private Optional<InspectContainerResponse.ContainerState> state(String id) {
        try {
            return Optional.ofNullable(docker.inspectContainerCmd(id).exec().getState());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private void awaitExit(String id, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (running(id)) {
            if (System.nanoTime() > deadline) throw new ClusterException("container " + id.substring(0, 12) + " still runs after " + timeout.toSeconds() + " s");
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
