package io.kchaos.workload.group;

import java.util.Arrays;
import java.util.List;

/**
 * How group members commit: {@code after} — commitSync of the processed positions after each poll (the safe default);
 * {@code auto} — Kafka's auto-commit (enable.auto.commit, every second), observed through {@code committed} ops;
 * {@code ahead} — a negative control that commits each assigned partition's end offset, past what was processed, so
 * a rebalance makes the group skip records.
 */
enum CommitMode {
    AFTER("after"), AUTO("auto"), AHEAD("ahead");

    private final String wire;

    CommitMode(String wire) {
        this.wire = wire;
    }

    String wire() {
        return wire;
    }

    static List<String> wires() {
        return Arrays.stream(values()).map(CommitMode::wire).toList();
    }

    static CommitMode of(String wire) {
        return Arrays.stream(values()).filter(m -> m.wire.equals(wire)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown commit mode " + wire));
    }
}
