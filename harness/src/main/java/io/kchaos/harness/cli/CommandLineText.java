package io.kchaos.harness.cli;

import io.kchaos.cluster.secret.SecretSettings;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The command line as kchaos records it (run.json's {@code command}, a matrix's, a pack's): {@code kchaos} and the
 * arguments as given, a secret setting's value ({@code --broker-config ssl.keystore.password=...}) redacted.
 */
public final class CommandLineText {
    private CommandLineText() {
    }

    /** {@code kchaos <args>} of the parsed command. */
    public static String of(CommandSpec spec) {
        return of(spec.commandLine().getParseResult().originalArgs());
    }

    /** {@code kchaos <args>}. */
    public static String of(List<String> args) {
        return "kchaos " + args.stream().map(CommandLineText::redacted).collect(Collectors.joining(" "));
    }

    /** {@code KEY=VALUE} or {@code --option=KEY=VALUE} with VALUE redacted when KEY is a secret; any other argument as is. */
    private static String redacted(String arg) {
        int start = arg.startsWith("-") ? arg.indexOf('=') + 1 : 0; // past an attached option name
        if (arg.startsWith("-") && start == 0) return arg;
        int eq = arg.indexOf('=', start);
        if (eq < 0) return arg;
        String key = arg.substring(start, eq);
        return SecretSettings.isSecret(key) ? arg.substring(0, eq + 1) + SecretSettings.REDACTED : arg;
    }
}
