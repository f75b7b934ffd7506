package io.kchaos.harness.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;

/**
 * {@code kchaos cds-training DIR} (hidden): checks the small queue history this jar carries, so that a JVM started
 * with {@code -XX:ArchiveClassesAtExit} archives the classes {@code check} and {@code report} load (the launcher's
 * class-data-sharing archive, made once per build).
 */
@Command(name = "cds-training", hidden = true,
        description = {"Write a four-line queue history into DIR and check it (results in DIR/results.json): the launcher runs this "
                + "once per build under -XX:ArchiveClassesAtExit to make its class-data-sharing archive."})
public final class CdsTrainingCommand implements Callable<Integer> {
    /** The sample, next to this class in the jar: two sends and a drain that reads them back. */
    static final String SAMPLE = "cds-sample-history.jsonl";

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the folder for the sample history and its results")
    Path dir;

    @Override
    public Integer call() throws IOException {
        Path history = dir.resolve("history.jsonl");
        try (InputStream in = CdsTrainingCommand.class.getResourceAsStream(SAMPLE)) {
            if (in == null) throw new IllegalStateException(SAMPLE + " missing from the harness jar");
            Files.createDirectories(dir);
            Files.copy(in, history, StandardCopyOption.REPLACE_EXISTING);
        }
        return Main.execute(spec.commandLine().getOut(), spec.commandLine().getErr(),
                "check", "--workload=queue", "--out=" + dir.resolve("results.json"), history.toString());
    }
}
