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
            java.io.StringWriter suggestions = new java.io.StringWriter();
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, new PrintWriter(suggestions));
            String hint = suggestions.toString().replaceAll("\\s+", " ").strip();
            err.println("kchaos: " + flat(ex.getMessage()) + (hint.isEmpty() ? "" : " (" + hint + ")")
                    + "; see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            err.flush();
            return COULD_NOT_JUDGE;
        }
    }

    /** Anything a command throws. */
    static final class Failures implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
            return report(ex, cl.getErr());
        }
    }

    /** Any failure, Errors included: one line on {@code err}, exit 2 (never 1, which means anomalies were found). */
    static int report(Throwable failure, PrintWriter err) {
        try {
            Throwable root = failure;
            while (root.getCause() != null && root.getCause() != root && !(root instanceof VirtualMachineError)) root = root.getCause();
            if (root instanceof OutOfMemoryError oom) {
                long maxMb = Runtime.getRuntime().maxMemory() >> 20;
                err.println("kchaos: out of memory (" + oom.getMessage() + ") with a " + maxMb + " MB heap: too small for this input;"
                        + " give more with KCHAOS_JAVA_OPTS=-Xmx" + Math.max(2, (2 * maxMb + 1023) / 1024) + "g");
            } else {
                err.println("kchaos: " + oneLine(failure));
            }
            if (System.getenv("KCHAOS_DEBUG") != null) failure.printStackTrace(err);
            err.flush();
        } catch (Throwable ignored) { // nothing more can be said
        }
        return COULD_NOT_JUDGE;
    }

    private static String flat(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    /** The message of the exception (or its cause), on one line. */
    static String oneLine(Throwable ex) {
        Throwable t = ex;
        while (t.getMessage() == null && t.getCause() != null) t = t.getCause();
        String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        if ((t instanceof Error || t instanceof RuntimeException) && !(t instanceof IllegalArgumentException) && !t.getClass().getName().startsWith("io.kchaos")
                && !(t instanceof java.io.UncheckedIOException)) {
            msg = t.getClass().getSimpleName() + ": " + msg;
        }
        return msg.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
