package io.kchaos.harness.cli;

/** Where {@code kchaos run} starts the brokers: local JVMs (the default), Docker containers, or hosts over SSH. */
enum Backend {
    LOCAL, DOCKER, SSH
}
