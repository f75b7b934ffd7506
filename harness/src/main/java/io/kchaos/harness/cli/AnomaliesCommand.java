package io.kchaos.harness.cli;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyTable;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code kchaos anomalies}: the anomaly catalogue — every key results.json can report, its family, checker and meaning. */
@Command(name = "anomalies", mixinStandardHelpOptions = true,
        description = {"List every anomaly type kchaos reports: its key in results.json, family (client, replica, raft, availability), the checker "
                + "that reports it, its definition and an example; then the consistency models (--consistency-model) and what each forbids."})
public final class AnomaliesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--markdown", description = "print the tables of docs/format.md instead, one per checker")
    boolean markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            for (String checker : Anomalies.CHECKERS) {
                out.println("checker " + checker + ":");
                out.println(AnomalyTable.markdown(checker));
            }
            out.println("consistency models:");
            out.println(ConsistencyModels.markdown());
            out.println("cycles:");
            out.println(ConsistencyModels.cyclesMarkdown());
        } else {
            for (AnomalyType a : Anomalies.all()) {
                out.println(a.key() + "  (" + a.family().key() + ", checker " + a.checker() + ")");
                out.println("    " + a.definition());
                out.println("    e.g. " + a.example());
                if (!a.implies().isEmpty()) out.println("    implies " + String.join(", ", a.implies()));
            }
            out.println();
            out.println("consistency models (--consistency-model; default " + ConsistencyModels.DEFAULT.name() + "):");
            for (ConsistencyModel m : ConsistencyModels.all()) {
                out.println(m.name() + "  forbids " + String.join(", ", m.forbids()) + ", what implies them, and every non-cycle anomaly");
                out.println("    " + m.description());
            }
        }
        out.flush();
        return 0;
    }
}
