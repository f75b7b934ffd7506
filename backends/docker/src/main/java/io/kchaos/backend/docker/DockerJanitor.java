package io.kchaos.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Network;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Removes the containers and networks that a kchaos harness on this machine created and left behind when it died
 * (crash, SIGKILL): those labelled with a harness pid that is no longer alive. Run at the start of every Docker run.
 */
public final class DockerJanitor {
    private final DockerClient docker;

    public DockerJanitor(DockerClient docker) {
        this.docker = docker;
    }

    /** Removes every orphaned container, then every orphaned network; returns their names. */
    public List<String> sweep() {
        String host = ContainerLabels.hostName();
        LongPredicate alive = pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        List<String> removed = new ArrayList<>();
        for (Container c : docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(ContainerLabels.HARNESS_PID)).exec()) {
            if (!orphaned(c.getLabels(), host, alive)) continue;
            docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
            removed.add("container " + (c.getNames() != null && c.getNames().length > 0 ? c.getNames()[0].replaceFirst("^/", "") : c.getId()));
        }
        for (Network n : docker.listNetworksCmd().withFilter("label", List.of(ContainerLabels.HARNESS_PID)).exec()) {
            if (!orphaned(n.getLabels(), host, alive)) continue;
            docker.removeNetworkCmd(n.getId()).exec();
            removed.add("network " + n.getName());
        }
        return removed;
    }

    /** True when the labels name a harness on this host whose process is gone (never this process). */
    static boolean orphaned(Map<String, String> labels, String thisHost, LongPredicate alive) {
        if (labels == null || !thisHost.equals(labels.get(ContainerLabels.HARNESS_HOST))) return false;
        long pid;
        try {
            pid = Long.parseLong(labels.getOrDefault(ContainerLabels.HARNESS_PID, ""));
        } catch (NumberFormatException e) {
            return false;
        }
        return pid != ProcessHandle.current().pid() && !alive.test(pid);
    }
}
