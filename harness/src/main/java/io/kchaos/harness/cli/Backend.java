package io.kchaos.harness.cli;

/** Where {@code kchaos run} starts the brokers: local JVMs (the default) or Docker containers. */
enum Backend {
    LOCAL, DOCKER
}
