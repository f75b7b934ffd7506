package io.kchaos.harness.cli;

import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Iterator;
import java.util.Optional;

/**
 * The {@code --consistency-model} option of {@code run} and {@code check}: the model the anomalies found are judged
 * under (only one it forbids makes the result invalid). An unknown name is refused while parsing, before anything runs.
 * {@code run} takes its help and default from {@code RunOption}'s table (its row also makes it a scenario key and a
 * setting a replay takes back); the description here is {@code check}'s, whose default is the recorded model.
 */
final class ConsistencyModelOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--consistency-model", paramLabel = "NAME", converter = Named.class, completionCandidates = Names.class,
            description = "judge the anomalies found under this consistency model; every anomaly is listed, only those it forbids "
                    + "make the result invalid (kchaos anomalies lists the models): ${COMPLETION-CANDIDATES} (default: the "
                    + "consistency-model of the run.json beside the history, else ${DEFAULT-VALUE})")
    String name = ConsistencyModels.DEFAULT.name();

    /** The model named on the command line, else by a scenario or a replayed run.json, else the default. */
    ConsistencyModel model() {
        return ConsistencyModels.named(name);
    }

    /**
     * The model named on the command line, else {@code recorded} (a run.json's {@code consistency-model}), else the
     * default; a recorded name kchaos does not know is refused in one line.
     */
    ConsistencyModel model(Optional<String> recorded) {
        if (given() || recorded.isEmpty()) return model();
        try {
            return ConsistencyModels.named(recorded.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("run.json's consistency-model: " + e.getMessage() + " (give --consistency-model)");
        }
    }

    private boolean given() {
        return mixee != null && mixee.commandLine() != null && mixee.commandLine().getParseResult() != null
                && mixee.commandLine().getParseResult().hasMatchedOption("--consistency-model");
    }

    /** A model's name, checked: picocli's one-line refusal naming the known ones otherwise. */
    static final class Named implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String name) {
            try {
                return ConsistencyModels.named(name).name();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** The models' names, for the help text. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ConsistencyModels.names().iterator();
        }
    }
}
