package io.kchaos.backend.docker;

/** What Docker says of a container now ({@code docker inspect}'s State): the read-back of every container fault. */
enum ContainerState {
    /** Running and not paused. */
    RUNNING,
    /** Running, its processes frozen ({@code State.Paused}). */
    PAUSED,
    /** Created or exited: not running. */
    EXITED,
    /** No such container. */
    GONE;

    /** Running or paused (Docker's {@code State.Running}). */
    boolean running() {
        return this == RUNNING || this == PAUSED;
    }

    @Override
    public String toString() {
        return name().toLowerCase();
    }
}
