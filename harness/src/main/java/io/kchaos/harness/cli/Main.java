package io.kchaos.harness.cli;

import io.kchaos.cluster.install.BuildInfo;
import picocli.CommandLine;

import java.io.PrintWriter;
import picocli.CommandLine.Command;

/**
 * The {@code kchaos} command line: picocli dispatch to run, check, verify-logs, report, matrix, merge, bugs, compare, dashboard,
 * shrink and the catalogues (anomalies, nemeses, workloads), and two hidden helpers for the scripts (docker-sweep,
 * cds-training). Exit 0 valid, 1 anomalies, 2 could not judge: bad input, an unknown verdict, or any failure of the harness
 * or the JVM (one line).
 */
@Command(name = "kchaos", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A Jepsen-style consistency test harness for Apache Kafka.",
        subcommands = {RunCommand.class, CheckCommand.class, VerifyLogsCommand.class, ReportCommand.class, MatrixCommand.class, MergeCommand.class, BugsCommand.class, CompareCommand.class,
                AnomaliesCommand.class, NemesesCommand.class, WorkloadsCommand.class, DashboardCommand.class, ShrinkCommand.class, CommandLine.HelpCommand.class,
                DockerSweepCommand.class, CdsTrainingCommand.class})
public final class Main {

    /** {@code --version}: the version the build wrote into the jar, and the default broker's. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            BuildInfo build = BuildInfo.current();
            return new String[] {"kchaos " + build.version() + " (default broker: Kafka " + build.kafkaVersion() + ")"};
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns the exit code (used by tests without exiting the JVM). */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.err, true), args);
    }

    /** As {@link #execute(String...)}, with one-line errors written to {@code err}. */
    public static int execute(PrintWriter err, String... args) {
        return execute(new PrintWriter(System.out, true), err, args);
    }

    /** As {@link #execute(String...)}, with output (listings, help) written to {@code out} and errors to {@code err}. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(new ErrorHandlers.BadParameters());
        cl.setExecutionExceptionHandler(new ErrorHandlers.Failures());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        try {
            return cl.execute(args);
        } catch (Throwable failure) { // an Error (OutOfMemoryError, LinkageError, ...) escapes picocli's handler
            return ErrorHandlers.report(failure, err);
        }
    }
}
