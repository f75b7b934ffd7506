package io.kchaos.checker.replica;

/** The records inside a batch do not parse (e.g. a compressed payload that does not decompress). */
public class CorruptRecordsException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final String PREFIX = "records do not parse: ";

    public CorruptRecordsException(String message) {
        super(PREFIX + message);
    }

    /** The exception again from its full message (as a replica digest carried it). */
    static CorruptRecordsException fromMessage(String fullMessage) {
        return new CorruptRecordsException(fullMessage.startsWith(PREFIX) ? fullMessage.substring(PREFIX.length()) : fullMessage);
    }
}
