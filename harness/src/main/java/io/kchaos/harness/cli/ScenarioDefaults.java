package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;
import io.kchaos.harness.scenario.Scenario;
import io.kchaos.harness.scenario.Scenarios;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Applies a scenario to a parsed {@code run} command: each scenario value becomes the value of its option unless the
 * option was given on the command line; the broker/producer/consumer maps merge key by key, the command line winning.
 */
final class ScenarioDefaults {
    private ScenarioDefaults() {
    }

    /** Loads the scenario (name or file) and applies it to {@code spec}'s options; returns it. */
    static Scenario apply(String nameOrPath, CommandSpec spec) {
        Scenario scenario = Scenarios.load(nameOrPath);
        ParseResult given = spec.commandLine().getParseResult();
        for (Map.Entry<RunOption, Object> e : scenario.options().entrySet()) {
            RunOption field = e.getKey();
            OptionSpec option = spec.findOption(field.option());
            if (option == null) {
                if (field == RunOption.WORKLOAD && "queue".equals(e.getValue())) continue;
                throw new IllegalArgumentException("scenario " + scenario.source() + ": field '" + field.scenarioKey() + "' = " + e.getValue()
                        + " is not supported by this kchaos run (no option " + field.option() + ")");
            }
            underCommandLine(option, e.getValue(), given);
        }
        return scenario;
    }

    /**
     * Makes {@code value} the option's value unless the command line gave the option; a map merges key by key, the
     * command line's entries winning. Used for scenarios and for the run.json a replay starts from.
     */
    static void underCommandLine(OptionSpec option, Object value, ParseResult given) {
        if (value instanceof Map<?, ?> defaults) {
            Map<Object, Object> merged = new LinkedHashMap<>(defaults);
            Map<?, ?> fromCommandLine = option.getValue();
            if (fromCommandLine != null) merged.putAll(fromCommandLine);
            option.setValue(merged);
        } else if (!given.hasMatchedOption(option)) {
            option.setValue(converted(option, value));
        }
    }

    /** A text value through the option's own converter (which checks it, as on the command line); other values as they are. */
    private static Object converted(OptionSpec option, Object value) {
        if (!(value instanceof String text) || option.converters() == null || option.converters().length == 0) return value;
        try {
            return option.converters()[0].convert(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(option.longestName() + " '" + text + "': " + e.getMessage());
        }
    }
}
