package io.kchaos.harness.cli;

import picocli.CommandLine;

import java.io.PrintWriter;

/** Turns bad input and failures into one line on stderr and exit code 2, never a stack trace (set KCHAOS_DEBUG=1 for one). */
final class ErrorHandlers {
    static final int COULD_NOT_JUDGE = 2;

    private ErrorHandlers() {
    }

    /** Unknown options, bad values: the reason, a suggestion where picocli has one, and a pointer to --help. */
    static final class BadParameters implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("kchaos: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            err.flush();
            return COULD_NOT_JUDGE;
        }
    }

    /** Anything a command throws. */
    static final class Failures implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
            PrintWriter err = cl.getErr();
            err.println("kchaos: " + oneLine(ex));
            if (System.getenv("KCHAOS_DEBUG") != null) ex.printStackTrace(err);
            err.flush();
            return COULD_NOT_JUDGE;
        }
    }

    /** The message of the exception (or its cause), on one line. */
    static String oneLine(Throwable ex) {
        Throwable t = ex;
        while (t.getMessage() == null && t.getCause() != null) t = t.getCause();
        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        if (t instanceof RuntimeException && !(t instanceof IllegalArgumentException) && !t.getClass().getName().startsWith("io.kchaos")
                && !(t instanceof java.io.UncheckedIOException)) {
            msg = t.getClass().getSimpleName() + ": " + msg;
        }
        return msg.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
