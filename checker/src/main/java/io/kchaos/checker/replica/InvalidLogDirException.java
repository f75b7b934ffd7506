package io.kchaos.checker.replica;

/** The input is not a set of Kafka log directories the audit can judge; the message is one line naming the path. */
public class InvalidLogDirException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidLogDirException(String message) {
        super(message);
    }
}
