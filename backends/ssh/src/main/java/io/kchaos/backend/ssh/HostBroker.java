package io.kchaos.backend.ssh;

import java.util.List;

/** The broker of one SSH node, whether kchaos installed it ({@link DeployedBroker}) or found it ({@link ManagedBroker}). */
interface HostBroker {
    RemoteShell shell();

    /** Starts the broker on its data; returns once its process runs. */
    void start();

    /** The broker's process on the host. */
    RemoteProcess process();

    /** SIGKILL; returns once the process is gone. */
    default void kill() {
        process().kill();
    }

    /** Clean stop: bounded wait, then SIGKILL; returns once the process is gone. */
    void stop();

    /** SIGSTOP; returns once every thread is stopped. */
    default void pause() {
        process().pause();
    }

    /** SIGCONT; returns once no thread is stopped. */
    default void resume() {
        process().resume();
    }

    default boolean running() {
        return process().running();
    }

    /** The broker's {@code log.dirs} on the host. */
    List<String> dataDirs();

    /** Removes what kchaos put on the host for this broker (nothing for a managed broker). */
    void uninstall();
}
