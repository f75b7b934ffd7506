package io.kchaos.harness.cli;

import io.kchaos.harness.run.RunOption;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The defaults of {@code run}'s options, taken from {@link RunOption}'s table; options outside it keep their own. */
public final class RunOptionDefaults implements IDefaultValueProvider {
    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) return null;
        return RunOption.byOption(option.longestName()).map(RunOption::defaultValue).orElse(null);
    }
}
