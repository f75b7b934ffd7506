package io.kchaos.report.svg;

/** An axis tick: its domain value and its label. */
public record Tick(double value, String label) {
}
