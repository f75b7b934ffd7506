package io.kchaos.backend.local;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.SecurityMode;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.IntStream;
import java.util.Map;

/**
 * One local Kafka node's identity and files: host address, ports, and its folder {@code nodes/<id>/} holding
 * server.properties, server.log, broker.pid and the data directory ({@code data/}; a JBOD broker's directories are
 * {@code data/disk-0}, {@code data/disk-1}, ... inside it, so whatever walks {@code data/} sees them all).
 */
public record LocalNode(int id, String host, int clientPort, int controllerPort, Path dir) {
    /** The folder under which all of the node's data lives: its one log dir, or the parent of its JBOD log dirs. */
    public Path dataDir() {
        return dir.resolve(RunFiles.DATA);
    }

    /** The node's {@code count} log dirs in {@code log.dirs} order: {@link #dataDir()} itself when 1, else its {@code disk-K}. */
    public List<Path> dataDirs(int count) {
        if (count < 1) throw new IllegalArgumentException("a node needs at least one log dir, not " + count);
        if (count == 1) return List.of(dataDir());
        return IntStream.range(0, count).mapToObj(k -> dataDir().resolve("disk-" + k)).toList();
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

    /** This node's listeners with one log dir. */
    public NodeListeners listeners() {
        return listeners(1);
    }

    /** This node's listeners, PLAINTEXT for clients and replication; {@code logDirs} log dirs. */
    public NodeListeners listeners(int logDirs) {
        return listeners(logDirs, SecurityMode.PLAINTEXT.protocol());
    }

    /**
     * This node's listeners: {@code clientListener} for clients and replication (named after its security protocol),
     * CONTROLLER for the quorum, both on its host; {@code logDirs} log dirs.
     */
    public NodeListeners listeners(int logDirs, String clientListener) {
        String controller = host + ":" + controllerPort;
        Map<String, String> bind = new LinkedHashMap<>();
        bind.put(clientListener, bootstrap());
        bind.put(ServerProperties.CONTROLLER, controller);
        return new NodeListeners(id, bind, Map.of(clientListener, bootstrap()), clientListener, controller,
                dataDirs(logDirs).stream().map(p -> p.toAbsolutePath().toString()).toList());
    }
}
