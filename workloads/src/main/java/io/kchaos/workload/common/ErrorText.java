package io.kchaos.workload.common;

import java.util.concurrent.ExecutionException;

/** The error text an {@code info} or {@code fail} op records for an admin request's failure: the cause's class and message. */
public final class ErrorText {
    private ErrorText() {
    }

    /** {@code e}'s cause when it is the wrapper of a future ({@link ExecutionException}), else {@code e} itself. */
    public static Throwable cause(Throwable e) {
        return e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
    }

    /** The cause's simple class name and message, e.g. {@code TimeoutException: timed out}. */
    public static String of(Throwable e) {
        Throwable cause = cause(e);
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
