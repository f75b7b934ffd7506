package io.kchaos.harness.scenario;

import java.util.List;

/**
 * The run options with which a cluster test of isr-shrink-unclean ends after its first attempt that held, instead of
 * at the scenario's 45 s (where a second attempt under way had to finish before the heal, 13 s more): the first attempt
 * starts after about a second, the old leader restarts 1-3 s after the stale follower's election is read back, and
 * the run ends one second after that restart is read back in service. An attempt that does not hold is not counted,
 * so the next one follows within the same time limit.
 */
public final class OneHeldAttempt {
    /** Run options for {@code kchaos run}, or for {@code kchaos matrix} after {@code --}. */
    public static final List<String> OPTIONS = List.of("--nemesis-option", "fault-count=1", "--nemesis-interval", "1",
            "--fault-duration", "2");

    private OneHeldAttempt() {
    }
}
