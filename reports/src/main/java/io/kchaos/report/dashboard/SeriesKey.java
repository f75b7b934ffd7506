package io.kchaos.report.dashboard;

import io.kchaos.history.folder.RunFields;
import io.kchaos.report.Format;
import io.kchaos.report.RunInfo;

/**
 * What makes two runs "the same scenario" on the dashboard, so one can be a regression of the other: the same scenario
 * name and the same Kafka release(s); for a run without a scenario, the same nemesis list and workload instead of the name.
 *
 * @param scenario the scenario name, or "nemesis N / workload W" for a run without one
 * @param kafka    the Kafka release, or the path of a rolling upgrade ("3.9.1 → 4.1.1")
 */
public record SeriesKey(String scenario, String kafka) implements Comparable<SeriesKey> {

    /** The key of a run from its run.json. */
    public static SeriesKey of(RunInfo run) {
        String scenario = run.text(RunFields.SCENARIO);
        if (Format.UNKNOWN.equals(scenario)) scenario = "nemesis " + run.text(RunFields.NEMESIS) + " / workload " + run.text(RunFields.WORKLOAD);
        return new SeriesKey(scenario, run.kafkaVersions());
    }

    /** E.g. "safe-default on Kafka 4.4.0". */
    public String label() {
        return scenario + " on Kafka " + kafka;
    }

    @Override
    public int compareTo(SeriesKey o) {
        int c = scenario.compareTo(o.scenario);
        return c != 0 ? c : kafka.compareTo(o.kafka);
    }
}
