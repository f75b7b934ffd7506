package io.kchaos.backend.docker;

import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.history.folder.RunFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Docker cluster's release reads each container's server.log where the container's command appends it, the node's
 * bind-mounted folder on this machine, and kills through {@code docker kill} of that node's container.
 */
class ContainerVoterReleaseTest {
    private static final String BEGUN = "[2026-12-06 19:07:56,299] INFO [RaftManager id=2] Beginning graceful shutdown (org.apache.kafka.raft.KafkaRaftClient)\n";

    /** Containers by id, each running until it is killed or set exited; keeps every kill. */
    private static final class Containers implements ContainerApi {
        final Map<String, ContainerState> states = new HashMap<>();
        final List<String> killed = new ArrayList<>();

        @Override
        public void kill(String id) {
            killed.add(id);
            states.put(id, ContainerState.EXITED);
        }

        @Override
        public void start(String id) {
            states.put(id, ContainerState.RUNNING);
        }

        @Override
        public void stop(String id, Duration grace) {
            states.put(id, ContainerState.EXITED);
        }

        @Override
        public void pause(String id) {
            states.put(id, ContainerState.PAUSED);
        }

        @Override
        public void unpause(String id) {
            states.put(id, ContainerState.RUNNING);
        }

        @Override
        public ContainerState state(String id) {
            return states.getOrDefault(id, ContainerState.GONE);
        }
    }

    @Test
    void theContainersCommandAppendsToTheServerLogOfItsMountedNodeFolder() {
        String script = BrokerCommand.script(2, "cluster-id", 512, Optional.empty());
        assertTrue(script.contains(" >> " + ListenerPlan.NODE_MOUNT + "/" + RunFiles.SERVER_LOG + " 2>&1"), script);
    }

    @Test
    void theLastContainerWaitingForASuccessorIsKilledByItsContainerAndTheNoteIsInItsHostLog(@TempDir Path nodesDir) throws IOException {
        Containers docker = new Containers();
        Map<Integer, String> containerIds = Map.of(1, "c1", 2, "c2", 3, "c3");
        for (Map.Entry<Integer, String> e : containerIds.entrySet()) {
            Files.createDirectories(nodesDir.resolve(e.getKey().toString()));
            Files.writeString(log(nodesDir, e.getKey()), "started\n");
            docker.start(e.getValue());
        }
        LastVoterRelease release = ContainerVoterRelease.of(containerIds, id -> nodesDir.resolve(Integer.toString(id)),
                new ContainerProcesses(docker, Duration.ofMillis(200)));
        docker.stop("c1", Duration.ZERO);
        docker.stop("c3", Duration.ZERO);
        Files.writeString(log(nodesDir, 2), BEGUN, StandardOpenOption.APPEND);
        release.check(0);
        assertEquals(List.of(), docker.killed);
        release.check(LastVoterRelease.SETTLE.toNanos());
        assertEquals(List.of("c2"), docker.killed);
        assertTrue(release.released(2));
        assertTrue(Files.readString(log(nodesDir, 2)).endsWith(BEGUN + LastVoterRelease.NOTE + "\n"));
    }

    private static Path log(Path nodesDir, int id) {
        return nodesDir.resolve(Integer.toString(id)).resolve(RunFiles.SERVER_LOG);
    }
}
