package io.kchaos.report;

import io.kchaos.history.folder.ResultsFields;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The availability headline of a run, from results.json's {@code stats.availability} (written by the checker's
 * AvailabilityChecker): acknowledged sends per second, the longest stretch without an acknowledged send, and the time to
 * recover (the longest time from a fault's heal to the next acknowledged send). NaN where results.json has no figure.
 *
 * @param acksPerSecond       {@code ok-sends-per-s}
 * @param longestNoAckSeconds {@code longest-no-ok-send-s}
 * @param recoverySeconds     the largest {@code heal-to-next-ok-send-s} over the healed faults
 * @param neverRecovered      a healed fault was followed by no acknowledged send at all
 */
public record Availability(double acksPerSecond, double longestNoAckSeconds, double recoverySeconds, boolean neverRecovered) {

    /** Reads the figures from a results.json {@code stats} object (missing parts give NaN). */
    public static Availability of(JsonNode stats) {
        JsonNode a = stats.path(ResultsFields.Stats.AVAILABILITY);
        double recovery = Double.NaN;
        boolean never = false;
        for (JsonNode f : a.path(ResultsFields.Availability.FAULTS)) {
            if (f.path(ResultsFields.Availability.HEAL).isNull() || f.path(ResultsFields.Availability.HEAL).isMissingNode()) continue;
            JsonNode r = f.path(ResultsFields.Availability.HEAL_TO_NEXT_OK_SEND_S);
            if (r.isNumber()) recovery = Double.isNaN(recovery) ? r.asDouble() : Math.max(recovery, r.asDouble());
            else never = true;
        }
        return new Availability(number(a.path(ResultsFields.Availability.OK_SENDS_PER_S)),
                number(a.path(ResultsFields.Availability.LONGEST_NO_OK_SEND_S)), recovery, never);
    }

    private static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    /** The time to recover as display text: "1.20 s", "never" or "unknown". */
    public String recoveryText() {
        if (neverRecovered) return "never (no ack after a heal)";
        return seconds(recoverySeconds);
    }

    /** Seconds as display text, "unknown" for NaN. */
    public static String seconds(double s) {
        return Double.isNaN(s) ? Format.UNKNOWN : Format.decimal(s, 2) + " s";
    }
}
