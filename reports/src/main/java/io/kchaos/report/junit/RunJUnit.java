package io.kchaos.report.junit;

import io.kchaos.history.folder.ResultsFields;
import io.kchaos.history.folder.RunFields;
import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.Verdict;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyFamily;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.report.ExampleFields;
import io.kchaos.report.Format;
import io.kchaos.report.Results;
import io.kchaos.report.RunContents;
import io.kchaos.report.RunInfo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The run's JUnit suite: a case named after the workload ("queue", "txn", "group") for the client-history checker, a
 * "replicas" case when the replica audit ran, and one failing case per anomaly type found. A run that could not be
 * judged is an error of the workload's case.
 */
public final class RunJUnit {
    private static final int EXAMPLES_IN_BODY = 5;
    private static final int MAX_FIRST = 200;
    private static final int MAX_EXAMPLE = 2000;

    private RunJUnit() {
    }

    public static JUnitSuite build(RunContents folder) {
        RunInfo run = folder.run();
        Results r = folder.results();
        String classname = "kchaos." + run.displayName();
        double seconds = run.number(RunFields.DURATION_SECONDS).orElse(0);
        List<JUnitCase> cases = new ArrayList<>();
        cases.add(client(classname, workload(run), seconds, r));
        if (r.stats().has(ResultsFields.Stats.REPLICAS) || r.anomalies().keySet().stream().anyMatch(Anomalies::isReplica)) {
            cases.add(family(classname, "replicas", 0, r, AnomalyFamily.REPLICA, null));
        }
        if (r.stats().has(ResultsFields.Stats.RAFT) || r.anomalies().keySet().stream().anyMatch(Anomalies::isRaft)) {
            cases.add(family(classname, "raft", 0, r, AnomalyFamily.RAFT, null));
        }
        for (Results.Anomaly a : r.anomalies().values()) {
            if (a.forbidden()) cases.add(JUnitCase.failure(classname, a.type(), 0, a.type(), summary(a), body(a)));
        }
        Map<String, String> props = new LinkedHashMap<>();
        for (String f : new String[] {RunFields.SCENARIO, RunFields.SEED, RunFields.KAFKA_VERSION, RunFields.NODES, RunFields.NEMESIS,
                RunFields.COMMAND}) {
            props.put(f, run.text(f));
        }
        return new JUnitSuite(classname, seconds, props, cases);
    }

    /** The run's workload (run.json), the name of its client case; "queue" when run.json does not say. */
    private static String workload(RunInfo run) {
        String w = run.text(RunFields.WORKLOAD);
        return w.equals(Format.UNKNOWN) ? "queue" : w;
    }

    private static JUnitCase client(String classname, String name, double seconds, Results r) {
        if (r.verdict() == Verdict.UNKNOWN) {
            StringJoiner body = new StringJoiner("\n");
            body.add(r.reason());
            r.errors().forEach(body::add);
            return JUnitCase.error(classname, name, seconds, "could-not-judge", "could not judge: " + r.reason(), body.toString());
        }
        if (r.verdict() == Verdict.INVALID && r.anomalies().isEmpty()) {
            return JUnitCase.failure(classname, name, seconds, "invalid", r.reason(), r.reason());
        }
        return family(classname, name, seconds, r, AnomalyFamily.CLIENT, r.warnings().isEmpty() ? null : String.join("\n", r.warnings()));
    }

    /**
     * Passes unless anomalies of the family that the consistency model forbids were found (a key the catalogue does not
     * know counts as a client one); allowed ones are named in the case's output.
     */
    private static JUnitCase family(String classname, String name, double seconds, Results r, AnomalyFamily fam, String out) {
        List<Results.Anomaly> found = new ArrayList<>();
        StringJoiner allowed = new StringJoiner("\n");
        if (out != null) allowed.add(out);
        for (Results.Anomaly a : r.anomalies().values()) {
            AnomalyFamily of = Anomalies.lookup(a.type()).map(AnomalyType::family).orElse(AnomalyFamily.CLIENT);
            if (of != fam && !(fam == AnomalyFamily.CLIENT && of == AnomalyFamily.AVAILABILITY)) continue;
            if (a.forbidden()) found.add(a);
            else allowed.add("allowed by the consistency model: " + summary(a));
        }
        if (found.isEmpty()) return JUnitCase.passed(classname, name, seconds, allowed.length() == 0 ? null : allowed.toString());
        StringJoiner msg = new StringJoiner(", ", found.size() + " anomaly type(s): ", "");
        StringJoiner body = new StringJoiner("\n\n");
        for (Results.Anomaly a : found) {
            msg.add(a.type() + " (" + (a.count() < 0 ? "?" : a.count()) + ")");
            body.add(body(a));
        }
        return JUnitCase.failure(classname, name, seconds, "anomalies", msg.toString(), body.toString());
    }

    private static String summary(Results.Anomaly a) {
        String first = a.examples().isEmpty() ? "" : "; first: " + Format.clip(a.examples().get(0).toString(), MAX_FIRST);
        return a.type() + ": " + (a.count() < 0 ? "count unknown" : a.count() + " case(s)") + first;
    }

    private static String body(Results.Anomaly a) {
        StringJoiner j = new StringJoiner("\n");
        j.add(a.type() + ": " + Anomalies.definition(a.type()));
        List<JsonNode> shown = ExampleFields.shown(a);
        shown.stream().limit(EXAMPLES_IN_BODY).forEach(ex -> j.add("  " + Format.clip(ex.toString(), MAX_EXAMPLE)));
        if (a.count() > EXAMPLES_IN_BODY) j.add("  ... " + (a.count() - Math.min(EXAMPLES_IN_BODY, shown.size())) + " more");
        return j.toString();
    }
}
