package io.kchaos.harness.docker;

import io.kchaos.harness.run.Capabilities;
import io.kchaos.harness.run.ClusterFactory;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;
import org.testcontainers.DockerClientFactory;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --backend docker}: checks up front that a Docker daemon answers and that every chosen fault can be injected
 * into containers (process faults always, proxy faults through Toxiproxy, no namespace network faults), starts
 * Toxiproxy only when a fault needs it, and sweeps the leftovers of dead harnesses before each run's cluster.
 */
public final class DockerBackend {
    /** What a container cluster can do beyond process control. */
    public static final Set<Capability> CAPABILITIES = Set.of(Capability.TOXICS);

    private DockerBackend() {
    }

    /** Throws IllegalArgumentException (one line) when no daemon answers or a nemesis cannot run in containers. */
    public static void preflight(List<Nemesis> nemeses) {
        Capabilities.refuse(nemeses, CAPABILITIES, "--backend docker");
        if (!daemonAnswers()) {
            throw new IllegalArgumentException("--backend docker: no Docker daemon answers (start one, or set DOCKER_HOST); see docs/docker.md");
        }
    }

    /** True when Testcontainers finds a Docker daemon that answers. */
    public static boolean daemonAnswers() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** The Toxiproxy image to start: the given one when a nemesis needs proxies, else none. */
    public static Optional<String> toxiproxyFor(List<Nemesis> nemeses, String image) {
        boolean needed = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.TOXICS));
        return needed ? Optional.of(image) : Optional.empty();
    }

    /** Creates each run's ContainerCluster after removing what crashed harnesses left. */
    public static ClusterFactory clusters(DockerSpec spec, PrintStream out) {
        return (config, folder) -> {
            List<String> removed = new DockerJanitor(DockerClientFactory.instance().client()).sweep();
            if (!removed.isEmpty()) out.println("removed " + removed.size() + " Docker leftover(s) of an earlier crashed run: " + String.join(", ", removed));
            return new ContainerCluster(spec, folder.nodes());
        };
    }
}
