package io.kchaos.backend.docker;

import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.history.folder.RunFiles;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The last voters' release at a Docker cluster's final stop: each container appends its broker's output to the
 * server.log of its bind-mounted node folder ({@link BrokerCommand}), so the release reads it on this machine as it
 * grows, and kills through the container's own {@code docker kill}.
 */
final class ContainerVoterRelease {
    private ContainerVoterRelease() {
    }

    /**
     * A release (not started yet) over every node of {@code containerIds} (node id → container id), node {@code id}'s
     * folder on this machine being {@code nodeDir.apply(id)}.
     */
    static LastVoterRelease of(Map<Integer, String> containerIds, IntFunction<Path> nodeDir, ContainerProcesses processes) {
        Map<Integer, Path> logs = new LinkedHashMap<>();
        containerIds.keySet().forEach(id -> logs.put(id, nodeDir.apply(id).resolve(RunFiles.SERVER_LOG)));
        return LastVoterRelease.ofFiles(logs, id -> processes.running(containerIds.get(id)), id -> processes.kill(containerIds.get(id)));
    }
}
