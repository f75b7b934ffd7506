package io.kchaos.harness.cli;

import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.AnomalyTable;
import io.kchaos.checker.result.AnomalyType;
import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import io.kchaos.checker.result.ModelTable;
import io.kchaos.checker.result.Promise;
import io.kchaos.checker.result.Promises;
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
                + "that reports it, its definition and an example; then the consistency models (--consistency-model), what each forbids and allows, and the promises every model keeps."})
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
            out.println(ModelTable.markdown());
            out.println("promises:");
            out.println(ModelTable.promisesMarkdown());
            out.println("cycles:");
            out.println(ModelTable.cyclesMarkdown());
        } else {
            for (AnomalyType a : Anomalies.all()) {
                out.println(a.key() + "  (" + a.family().key() + ", checker " + a.checker() + ")");
                out.println("    " + a.definition());
                out.println("    e.g. " + a.example());
                if (!a.implies().isEmpty()) out.println("    implies " + String.join(", ", a.implies()));
                out.println("    " + ModelTable.decisions(a.key()));
            }
            out.println();
            out.println("consistency models (--consistency-model; default " + ConsistencyModels.DEFAULT.name() + "):");
            for (ConsistencyModel m : ConsistencyModels.all()) {
                out.println(m.name() + "  forbids " + String.join(", ", m.forbids()) + " and what implies them; allows "
                        + (m.allows().isEmpty() ? "no cycle" : String.join(", ", m.allows()) + " and what they imply"));
                out.println("    " + m.description());
            }
            out.println();
            out.println("promises every model keeps (each anomaly breaking one is forbidden by every model):");
            for (Promise p : Promises.all()) out.println(p.name() + "  " + p.description());
        }
        out.flush();
        return 0;
    }
}
