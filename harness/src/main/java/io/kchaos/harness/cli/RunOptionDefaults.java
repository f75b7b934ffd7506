package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Arrays;
import java.util.Optional;

/**
 * The defaults of {@code run}'s options, taken from {@link RunOption}'s table by any of an option's names (a row names
 * the option's first); options outside it keep their own.
 */
public final class RunOptionDefaults implements IDefaultValueProvider {
    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) return null;
        return Arrays.stream(option.names()).map(RunOption::byOption).flatMap(Optional::stream).findFirst()
                .map(RunOption::defaultValue).orElse(null);
    }
}
