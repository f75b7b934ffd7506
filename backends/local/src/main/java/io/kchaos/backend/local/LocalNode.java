package io.kchaos.backend.local;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One local Kafka node's identity and files: host address, ports, and its folder {@code nodes/<id>/} holding
 * server.properties, server.log, broker.pid and the data directory.
 */
public record LocalNode(int id, String host, int clientPort, int controllerPort, Path dir) {
    public Path dataDir() {
        return dir.resolve(RunFiles.DATA);
    }

    /** Where the KRaft metadata log lives when it is kept apart from the data directory ({@code metadata.log.dir}). */
    public Path metadataDir() {
        return dir.resolve(RunFiles.METADATA);
    }

    public Path propertiesFile() {
        return dir.resolve(RunFiles.SERVER_PROPERTIES);
    }

    public Path logFile() {
        return dir.resolve(RunFiles.SERVER_LOG);
    }

    public Path pidFile() {
        return dir.resolve(RunFiles.BROKER_PID);
    }

    public String bootstrap() {
        return host + ":" + clientPort;
    }

    /** This node's listeners: PLAINTEXT for clients and replication, CONTROLLER for the quorum, both on its host. */
    public NodeListeners listeners() {
        String controller = host + ":" + controllerPort;
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put("PLAINTEXT", bootstrap());
        bind.put(ServerProperties.CONTROLLER, controller);
        return new NodeListeners(id, bind, Map.of("PLAINTEXT", bootstrap()), "PLAINTEXT", controller, dataDir().toAbsolutePath().toString());
    }
}
