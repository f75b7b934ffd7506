package io.kchaos.backend.docker;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The labels on every container and network kchaos creates: the harness's pid and host (so {@link DockerJanitor} can
 * tell a crashed harness's leftovers from a live one's) and the run folder.
 */
public final class ContainerLabels {
    public static final String HARNESS_PID = "io.kchaos.harness-pid";
    public static final String HARNESS_HOST = "io.kchaos.harness-host";
    public static final String RUN = "io.kchaos.run";
    public static final String NODE = "io.kchaos.node";

    private ContainerLabels() {
    }

    /** Labels naming this harness process and the run folder. */
    public static Map<String, String> forRun(Path runDir) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(HARNESS_PID, Long.toString(ProcessHandle.current().pid()));
        m.put(HARNESS_HOST, hostName());
        m.put(RUN, runDir.toString());
        return m;
    }

    /** This machine's name, as recorded in {@link #HARNESS_HOST}. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
