package io.kchaos.harness.cli;

import io.kchaos.harness.run.WorkloadOptionTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code kchaos workloads}: every {@code --workload} and the {@code --workload-option}s it accepts, from their declarations. */
@Command(name = "workloads", mixinStandardHelpOptions = true,
        description = {"List every workload of --workload with the --workload-option settings it accepts: default, accepted values, meaning."})
public final class WorkloadsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--markdown", description = "print the table of docs/workloads.md instead")
    boolean markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(markdown ? WorkloadOptionTable.markdown() : WorkloadOptionTable.listing());
        out.flush();
        return 0;
    }
}
