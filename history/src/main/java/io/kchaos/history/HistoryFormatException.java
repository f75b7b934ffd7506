package io.kchaos.history;

/** A history that cannot be judged: the message names the file and line. */
public class HistoryFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HistoryFormatException(String message) {
        super(message);
    }
}
