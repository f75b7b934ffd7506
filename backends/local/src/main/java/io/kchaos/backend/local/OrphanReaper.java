package io.kchaos.backend.local;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds broker processes started by a kchaos harness that is no longer alive (it crashed or was SIGKILLed) and kills
 * them, so an earlier crashed run never disturbs the next. Brokers are recognised by the {@code -Dkchaos.harness.pid=}
 * flag every node is started with.
 */
public final class OrphanReaper {
    static final String HARNESS_PID_FLAG = "-D" + io.kchaos.cluster.watchdog.BrokerWatchdog.HARNESS_PID_PROPERTY + "=";
    private static final Pattern PID = Pattern.compile(Pattern.quote(HARNESS_PID_FLAG) + "(\\d+)");

    private OrphanReaper() {
    }

    /** Kills every orphaned kchaos broker; returns the pids it killed. */
    public static List<Long> reap() {
        List<Long> killed = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(ph -> owner(ph).ifPresent(owner -> {
            boolean ownerAlive = ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false);
            if (owner == ProcessHandle.current().pid() || ownerAlive) return;
            if (ph.destroyForcibly()) killed.add(ph.pid());
        }));
        return killed;
    }

    private static Optional<Long> owner(ProcessHandle ph) {
        Optional<String> cmd = ph.info().commandLine();
        if (cmd.isEmpty()) return Optional.empty();
        Matcher m = PID.matcher(cmd.get());
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }
}
