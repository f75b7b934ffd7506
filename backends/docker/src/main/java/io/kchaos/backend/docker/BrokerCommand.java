package io.kchaos.backend.docker;

import io.kchaos.cluster.BrokerLaunch;
import io.kchaos.history.folder.RunFiles;

import java.util.List;
import java.util.Optional;

/**
 * The shell command a Kafka container runs instead of its image's entrypoint, so any image with Kafka under
 * {@code /opt/kafka} works: Kafka's own StorageTool formats the mounted data directory (a no-op when it is already
 * formatted, so a restarted container keeps its data), then {@code kafka.Kafka} runs with our server.properties,
 * its output appended to the node's server.log in the run folder. The image's log4j config is used where it has one.
 * A SIGTERM during the format step ends the shell (as PID 1 it would otherwise ignore it). Under SCRAM the format adds
 * the run's user from a file in the container, so the credential is on no container's command line or configuration.
 */
public final class BrokerCommand {
    private static final String CP = "-cp '/opt/kafka/libs/*'";

    private BrokerCommand() {
    }

    /** {@code /bin/sh -c <script>} for one node. */
    public static List<String> entrypoint(int nodeId, String clusterId, int heapMb) {
        return entrypoint(nodeId, clusterId, heapMb, Optional.empty());
    }

    /** The same, formatting with the SCRAM credential in {@code scramFile} (a path inside the container) when given. */
    public static List<String> entrypoint(int nodeId, String clusterId, int heapMb, Optional<String> scramFile) {
        return List.of("/bin/sh", "-c", script(nodeId, clusterId, heapMb, scramFile));
    }

    static String script(int nodeId, String clusterId, int heapMb, Optional<String> scramFile) {
        String scram = scramFile.map(f -> " --add-scram \"$(cat '" + f + "')\"").orElse("");
        String dir = ListenerPlan.NODE_MOUNT;
        String props = dir + "/server.properties";
        return String.join("\n",
                "trap 'exit 143' TERM INT",
                "L=\"-Dkafka.logs.dir=" + dir + "/broker-logs\"",
                "[ -f /opt/kafka/config/log4j2.yaml ] && L=\"$L -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.yaml\"",
                "[ -f /opt/kafka/config/log4j.properties ] && L=\"$L -Dlog4j.configuration=file:/opt/kafka/config/log4j.properties\"",
                "java " + shellWords(BrokerLaunch.TOOL_JVM_FLAGS) + " " + CP + " kafka.tools.StorageTool format --ignore-formatted"
                        + " -t " + clusterId + " -c " + props + scram + " >> " + dir + "/format.log 2>&1 || exit 70",
                "exec java " + shellWords(BrokerLaunch.brokerJvmFlags(heapMb)) + " " + shellWords(BrokerLaunch.BROKER_PROPERTIES)
                        + " " + BrokerLaunch.nodeProperty(nodeId) + " $L " + CP + " kafka.Kafka " + props + " >> " + dir + "/" + RunFiles.SERVER_LOG + " 2>&1");
    }

    /** Flags for the script, one with a single quote in double quotes (none holds a double quote, a dollar or a backslash). */
    private static String shellWords(List<String> flags) {
        return String.join(" ", flags.stream().map(f -> f.contains("'") ? "\"" + f + "\"" : f).toList());
    }
}
