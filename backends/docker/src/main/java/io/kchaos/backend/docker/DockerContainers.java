package io.kchaos.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;

import java.time.Duration;

/** {@link ContainerApi} through the Docker daemon's API (docker-java): the state is {@code inspect}'s State.Running and State.Paused. */
final class DockerContainers implements ContainerApi {
    private final DockerClient docker;

    DockerContainers(DockerClient docker) {
        this.docker = docker;
    }

    @Override
    public void kill(String id) {
        docker.killContainerCmd(id).exec();
    }

    @Override
    public void start(String id) {
        docker.startContainerCmd(id).exec();
    }

    @Override
    public void stop(String id, Duration grace) {
        docker.stopContainerCmd(id).withTimeout((int) grace.toSeconds()).exec();
    }

    @Override
    public void pause(String id) {
        docker.pauseContainerCmd(id).exec();
    }

    @Override
    public void unpause(String id) {
        docker.unpauseContainerCmd(id).exec();
    }

    @Override
    public ContainerState state(String id) {
        InspectContainerResponse.ContainerState s;
        try {
            s = docker.inspectContainerCmd(id).exec().getState();
        } catch (NotFoundException e) {
            return ContainerState.GONE;
        }
        if (s == null || !Boolean.TRUE.equals(s.getRunning())) return ContainerState.EXITED;
        return Boolean.TRUE.equals(s.getPaused()) ? ContainerState.PAUSED : ContainerState.RUNNING;
    }
}
