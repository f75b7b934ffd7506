package io.kchaos.harness.client;

import org.apache.kafka.common.KafkaException;

import java.util.function.Supplier;

/**
 * Turns an exception of an isolated kafka-clients release into the built-in release's exception of the same class
 * name (message, cause and stack kept), so that the send classifier and the workers' {@code catch} clauses, written
 * against the built-in classes, judge every release alike. A class the built-in release lacks becomes a
 * {@link KafkaException} naming it.
 */
public final class ReleaseErrors {
    private ReleaseErrors() {
    }

    /** Runs a call into the release, its exception turned into the built-in one. */
    public static <T> T call(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** Runs a call into the release that returns nothing, its exception turned into the built-in one. */
    public static void run(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** The built-in counterpart of {@code error}; JDK and kchaos exceptions are returned as they are. */
    public static RuntimeException translate(Throwable error) {
        RuntimeException out = counterpart(error);
        if (out == error) return out;
        Throwable cause = error.getCause();
        if (cause != null && cause != error) {
            try {
                out.initCause(cause.getClass().getClassLoader() instanceof ClientClassLoader ? translate(cause) : cause);
            } catch (IllegalStateException alreadySet) {
                // the counterpart's constructor set a cause of its own
            }
        }
        out.setStackTrace(error.getStackTrace());
        return out;
    }

    private static RuntimeException counterpart(Throwable error) {
        if (!(error.getClass().getClassLoader() instanceof ClientClassLoader)) {
            return error instanceof RuntimeException r ? r : new KafkaException(error);
        }
        String name = error.getClass().getName();
        String message = error.getMessage();
        try {
            Class<?> c = Class.forName(name, false, KafkaException.class.getClassLoader());
            if (RuntimeException.class.isAssignableFrom(c)) {
                try {
                    return (RuntimeException) c.getConstructor(String.class).newInstance(message);
                } catch (NoSuchMethodException noMessage) {
                    return (RuntimeException) c.getConstructor().newInstance();
                }
            }
        } catch (ReflectiveOperationException | LinkageError | ClassCastException unknown) {
            // not in the built-in release, or not constructible from a message
        }
        return new KafkaException(name + (message == null ? "" : ": " + message));
    }
}
