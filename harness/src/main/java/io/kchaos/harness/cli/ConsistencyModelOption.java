package io.kchaos.harness.cli;

import io.kchaos.checker.result.ConsistencyModel;
import io.kchaos.checker.result.ConsistencyModels;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The {@code --consistency-model} option of {@code run} and {@code check}: the model the anomalies found are judged
 * under (only one it forbids makes the result invalid). An unknown name is refused while parsing, before anything runs.
 */
final class ConsistencyModelOption {
    @Option(names = "--consistency-model", paramLabel = "NAME", converter = Named.class, defaultValue = "kafka",
            description = "judge the anomalies found under this consistency model; every anomaly is listed, only those it forbids "
                    + "make the result invalid (kchaos anomalies lists the models): kafka, read-committed, serializable, "
                    + "strong-session-serializable, strict-serializable (default ${DEFAULT-VALUE})")
    ConsistencyModel model = ConsistencyModels.DEFAULT;

    /** A model by name, or picocli's one-line refusal naming the known ones. */
    static final class Named implements CommandLine.ITypeConverter<ConsistencyModel> {
        @Override
        public ConsistencyModel convert(String name) {
            try {
                return ConsistencyModels.named(name);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
