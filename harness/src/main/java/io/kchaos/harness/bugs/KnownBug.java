package io.kchaos.harness.bugs;

import com.fasterxml.jackson.databind.JsonNode;

import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.VersionProfile;
import io.kchaos.report.bugs.Exposure;

import java.util.List;
import java.util.StringJoiner;

/**
 * One entry of the known-bug pack (bugs/known-bugs.json): the bug, the broker releases it affects and those where a run
 * confirms its fix, the scenario and run options that expose it, the anomalies whose presence means "exposed", and how
 * many tries within how much time a release gets.
 *
 * @param kind         "bug" or "configuration" (a hazard of a setting, on every release)
 * @param affected     releases expected exposed (run)
 * @param fixedIn      where and how it was fixed, in words
 * @param confirmFixed releases expected safe (run, to confirm the fix)
 * @param client       the client releases involved, in words, or null when the broker alone decides
 * @param scenario     the shipped scenario that exposes it, or null when {@code cannotJudge} says why none does
 * @param options      run options added after the scenario's
 * @param anomalies    anomaly keys of the catalogue (`kchaos anomalies`); any one in a run's results means exposed
 * @param seed         the base seed of the tries when {@code --seed} is not given (a fault schedule that exposed the bug
 *                     before), or null for random seeds
 * @param cannotJudge  why no run can decide here (the row is inconclusive without a run), or null
 * @param hazard       a figure under results.json's {@code stats} (a dotted path) that a run must show above 0 to have met
 *                     the bug's conditions, or null when a fault that held is enough: a valid run without it tested nothing
 */
public record KnownBug(String id, String title, String kind, String link, List<VersionRange> affected, String fixedIn,
                       List<VersionRange> confirmFixed, String client, String scenario, List<String> options, List<String> anomalies,
                       int tries, int budgetSeconds, Long seed, String cannotJudge, String hazard) {
    public KnownBug {
        affected = List.copyOf(affected);
        confirmFixed = List.copyOf(confirmFixed);
        options = List.copyOf(options);
        anomalies = List.copyOf(anomalies);
    }

    /**
     * The answer the catalogue predicts for a release: not applicable outside the ranges, inconclusive inside them for an
     * entry no run can decide, else exposed when affected and safe when a run confirms the fix.
     */
    public Exposure expected(KafkaVersion v) {
        if (!applies(v)) return Exposure.NOT_APPLICABLE;
        if (cannotJudge != null) return Exposure.INCONCLUSIVE;
        return in(affected, v) ? Exposure.EXPOSED : Exposure.SAFE;
    }

    /** The {@link #hazard} figure in a run's results {@code stats}: 0 when absent, -1 when the entry names none. */
    public long hazardCount(JsonNode stats) {
        if (hazard == null) return -1;
        JsonNode n = stats.at("/" + hazard.replace('.', '/'));
        return n.canConvertToLong() ? n.asLong() : 0;
    }

    /** True when the release is in the entry's ranges: affected, or one where a run confirms the fix. */
    public boolean applies(KafkaVersion v) {
        return in(affected, v) || in(confirmFixed, v);
    }

    /** True when every affected release is older than the oldest kchaos runs ({@link VersionProfile#OLDEST}). */
    public boolean affectsOnlyUnrunnable() {
        return affected.stream().allMatch(r -> r.before() != null && r.before().compareTo(VersionProfile.OLDEST) <= 0);
    }

    /** "fixed in 3.8.0; only affects 3.7.0 up to 3.8.0 (excluded)". */
    public String rangesInWords() {
        return "fixed in " + fixedIn + "; only affects " + words(affected);
    }

    static String words(List<VersionRange> ranges) {
        StringJoiner j = new StringJoiner(" and ");
        ranges.forEach(r -> j.add(r.describe()));
        return ranges.isEmpty() ? "no release" : j.toString();
    }

    private static boolean in(List<VersionRange> ranges, KafkaVersion v) {
        return ranges.stream().anyMatch(r -> r.contains(v));
    }
}
