package io.kchaos.backend.docker;

import io.kchaos.cluster.ClusterException;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.cluster.Capability;
import org.testcontainers.DockerClientFactory;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --backend docker}: the faults containers can take (process faults, proxy faults through Toxiproxy, protocol
 * faults through the kchaos proxy next to the harness, but no namespace network faults), Toxiproxy only when a fault
 * needs it, and before each run's cluster a Docker daemon that answers and the leftovers of dead harnesses swept.
 */
public final class DockerBackend {
    /** What a container cluster can do beyond process control. */
    public static final Set<Capability> CAPABILITIES = Set.of(Capability.TOXIPROXY, Capability.PROTOCOL);

    private DockerBackend() {
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
        boolean needed = nemeses.stream().anyMatch(n -> n.requires().contains(Capability.TOXIPROXY));
        return needed ? Optional.of(image) : Optional.empty();
    }

    /**
     * Checks that a daemon answers and removes what crashed harnesses left; one line for the run's output, or none.
     * (Asked only when the run's client log is set up: Testcontainers logs from its first use on.)
     */
    public static List<String> sweepLeftovers() {
        if (!daemonAnswers()) {
            throw new ClusterException("--backend docker: no Docker daemon answers (start one, or set DOCKER_HOST); see docs/docker.md");
        }
        List<String> removed = new DockerJanitor(DockerClientFactory.instance().client()).sweep();
        return removed.isEmpty() ? List.of()
                : List.of("removed " + removed.size() + " Docker leftover(s) of an earlier crashed run: " + String.join(", ", removed));
    }
}
