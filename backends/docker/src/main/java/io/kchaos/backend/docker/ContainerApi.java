package io.kchaos.backend.docker;

import java.time.Duration;

/**
 * The Docker calls a container fault makes and the state it reads back: the seam that lets a test stand in a
 * container that is slow to pause or never stops. {@link DockerContainers} is the daemon's.
 */
interface ContainerApi {
    void kill(String id);

    void start(String id);

    /** SIGTERM, then SIGKILL once {@code grace} has passed. */
    void stop(String id, Duration grace);

    void pause(String id);

    void unpause(String id);

    /** The container's state as Docker reports it now. */
    ContainerState state(String id);
}
