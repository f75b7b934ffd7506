package io.kchaos.cluster.net;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one netem recipe: the tc commands it runs where a node's shell runs, and the read-back before it returns. */
class NetemTest {
    private final Netem netem = new Netem(Duration.ofMillis(300));

    /** Records commands; answers {@code tc qdisc show} with {@code shown} and a delete with {@code deleteError} (none: ok). */
    private static final class TcShell implements NodeShell {
        final List<String> commands = new ArrayList<>();
        String shown = "qdisc noqueue 0: root refcnt 2\n";
        String deleteError;

        @Override
        public CommandResult run(List<String> command) {
            String line = String.join(" ", command);
            if (line.startsWith("tc qdisc show dev ")) return new CommandResult(0, shown, "");
            commands.add(line);
            return line.contains(" del ") && deleteError != null ? new CommandResult(2, "", deleteError) : new CommandResult(0, "", "");
        }

        @Override
        public String label() {
            return "node 1";
        }

        @Override
        public RuntimeException failed(List<String> command, CommandResult result) {
            return new IllegalStateException(String.join(" ", command) + ": " + result.stderr());
        }
    }

    @Test
    void theDelayRaisesTheQueueLimitAndLeavesJitterOutWhenThereIsNone() {
        assertEquals(List.of("tc", "qdisc", "replace", "dev", "eth0", "root", "netem", "limit", "100000", "delay", "200ms", "50ms"),
                Netem.replaceCommand("eth0", 200, 50));
        assertEquals(List.of("tc", "qdisc", "replace", "dev", "eth0", "root", "netem", "limit", "100000", "delay", "200ms"),
                Netem.replaceCommand("eth0", 200, 0));
    }

    @Test
    void applyReturnsOnceTcListsTheDelayAndRemoveOnceNoNetemIsLeft() {
        TcShell at = new TcShell();
        at.shown = "qdisc netem 8001: root refcnt 2 limit 100000 delay 200ms  50ms\n";
        netem.apply(at, "eth0", "eth0 on node 1", 200, 50);
        at.shown = "qdisc noqueue 0: root refcnt 2\n";
        netem.remove(at, "eth0", "eth0 on node 1");
        assertEquals(List.of("tc qdisc replace dev eth0 root netem limit 100000 delay 200ms 50ms", "tc qdisc del dev eth0 root"), at.commands);

        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> netem.apply(at, "eth0", "eth0 on node 1", 100, 0));
        assertTrue(e.getMessage().startsWith("netem delay 100ms ± 0ms on eth0 on node 1: "), e.getMessage());
    }

    @Test
    void removingWhereNoQdiscIsLeftIsFineButAnotherFailureIsReportedByTheShell() {
        TcShell at = new TcShell();
        at.deleteError = "Error: Cannot delete qdisc with handle of zero.";
        netem.remove(at, "eth0", "eth0 on node 1");
        at.deleteError = "Operation not permitted";
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> netem.remove(at, "eth0", "eth0 on node 1"));
        assertEquals("tc qdisc del dev eth0 root: Operation not permitted", e.getMessage());
    }
}
