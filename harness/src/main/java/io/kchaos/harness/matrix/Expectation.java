package io.kchaos.harness.matrix;

import io.kchaos.checker.result.Anomalies;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An operator's claim about some cells, from {@code --expect SELECTOR:OUTCOME}. SELECTOR is {@code *} (every cell)
 * or {@code KEY=VALUE[,KEY=VALUE...]} over the matrix's axes (a cell matches when it has every value); OUTCOME is
 * {@code valid} (no repeat of the cell has an anomaly), {@code invalid} (at least one repeat has one) or an anomaly
 * type such as {@code lost-write} (at least one repeat reports it). Repeats that could not be judged count for neither.
 */
public record Expectation(String text, Map<String, String> selector, String outcome) {
    /**
     * Parses and checks an expectation against the matrix's axes and cells.
     *
     * @throws IllegalArgumentException (one line) on bad syntax, a key no axis varies, or a selector matching no cell
     */
    public static Expectation parse(String text, List<MatrixAxis> axes, List<MatrixCellSpec> cells) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) throw new IllegalArgumentException("--expect '" + text + "' must look like KEY=VALUE[,KEY=VALUE...]:OUTCOME or *:OUTCOME");
        String sel = text.substring(0, colon).strip();
        String outcome = text.substring(colon + 1).strip();
        if (!outcome.equals("valid") && !outcome.equals("invalid") && Anomalies.lookup(outcome).isEmpty()) {
            throw new IllegalArgumentException("--expect '" + text + "': outcome '" + outcome + "' must be valid, invalid or an "
                    + "anomaly type of `kchaos anomalies` (" + String.join(", ", Anomalies.keys()) + ")");
        }
        Map<String, String> selector = new LinkedHashMap<>();
        if (!sel.equals("*")) {
            for (String part : sel.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) throw new IllegalArgumentException("--expect '" + text + "': '" + part + "' must look like KEY=VALUE");
                String key = part.substring(0, eq).strip();
                if (axes.stream().noneMatch(a -> a.named(key))) {
                    throw new IllegalArgumentException("--expect '" + text + "': no --set or --kafka-version varies '" + key + "'");
                }
                selector.put(key, part.substring(eq + 1).strip());
            }
        }
        Expectation e = new Expectation(text, selector, outcome);
        if (cells.stream().noneMatch(e::selects)) throw new IllegalArgumentException("--expect '" + text + "' matches no cell of the matrix");
        return e;
    }

    public boolean selects(MatrixCellSpec cell) {
        return selector.entrySet().stream().allMatch(s -> s.getValue().equals(cell.value(s.getKey())));
    }

    /** Why the cell's runs break this expectation, or empty when they keep it. */
    public Optional<String> unmet(CellOutcome runs) {
        switch (outcome) {
            case "valid" -> {
                long bad = runs.invalid();
                if (bad == 0 && runs.valid() == 0 && runs.unexercised() > 0) {
                    return Optional.of("expected valid, but no run's faults held (" + noFault(runs) + "): nothing was tested");
                }
                return bad == 0 ? Optional.empty() : Optional.of("expected valid, " + bad + " of " + runs.runs().size() + " runs had anomalies "
                        + runs.anomalyTypes());
            }
            case "invalid" -> {
                return runs.invalid() > 0 ? Optional.empty() : Optional.of("expected invalid, no run had an anomaly"
                        + (runs.unexercised() > 0 ? " (" + noFault(runs) + ")" : ""));
            }
            default -> {
                return runs.runsWith(outcome) > 0 ? Optional.empty() : Optional.of("expected " + outcome + ", no run reported it");
            }
        }
    }

    private static String noFault(CellOutcome runs) {
        return runs.unexercised() + " of " + runs.runs().size() + " runs held no fault";
    }
}
