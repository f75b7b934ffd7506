package io.kchaos.checker.replica;

/** The records inside a batch do not parse (e.g. a compressed payload that does not decompress). */
public class CorruptRecordsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptRecordsException(String message) {
        super("records do not parse: " + message);
    }
}
