package io.kchaos.harness.cli;

import io.kchaos.report.ReportOutput;
import io.kchaos.report.write.RunReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code kchaos report RUN_DIR}: (re)builds report.html and junit.xml of a run folder from the folder alone. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "(Re)build report.html and junit.xml of a run folder. Exit code: the run's verdict (0 valid, 1 anomalies, 2 could not judge).")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", description = "a run folder (e.g. store/latest)")
    Path runDir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(runDir)) throw new IllegalArgumentException("not a run folder: " + runDir);
        ReportOutput out = RunReport.write(runDir);
        System.out.println("report: " + out.html());
        System.out.println("junit:  " + out.junit());
        return out.verdict().exitCode();
    }
}
