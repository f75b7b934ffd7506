package io.kchaos.harness.cli;

import io.kchaos.backend.docker.DockerBackend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code kchaos docker-sweep} (hidden): what a Docker run does first, alone, for {@code .ci/docker-teardown.sh}. */
@Command(name = "docker-sweep", hidden = true,
        description = {"Remove the Docker containers and networks that kchaos harnesses on this machine left when they died "
                + "(labelled io.kchaos.harness-pid with a pid no longer alive), as every Docker run does first. Exit 2 when no daemon answers."})
public final class DockerSweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // Testcontainers' start-up lines
        PrintWriter out = spec.commandLine().getOut();
        DockerBackend.sweepLeftovers().forEach(out::println);
        out.flush();
        return 0;
    }
}
