package io.kchaos.history;

import java.util.List;
import java.util.function.Consumer;

/**
 * A history that can be walked from start to end, as often as needed, without holding it all in memory.
 * Checkers make one pass over it.
 */
public interface History {

    /** Visits every op in order. Throws {@link HistoryFormatException} on a malformed line. */
    void forEach(Consumer<Op> visitor);

    /** Warnings found while reading (e.g. a torn last line), available after a full pass. */
    List<String> warnings();

    /**
     * Whether the last line was torn (a crashed writer stopped mid-line), known after a full pass. Its operation is
     * unknown, and it may have been the one that shows an anomaly, so such a history is never judged valid.
     */
    default boolean endsTorn() {
        return false;
    }

    /**
     * The refusal as this history names it: a history file turns an {@link OpValueException} into
     * {@code <file> line N: <reason>}; others leave it as it is.
     */
    default HistoryFormatException located(HistoryFormatException e) {
        return e;
    }

    /** A history held in memory (tests, small tools). */
    static History of(List<Op> ops) {
        return new History() {
            @Override
            public void forEach(Consumer<Op> visitor) {
                ops.forEach(visitor);
            }

            @Override
            public List<String> warnings() {
                return List.of();
            }
        };
    }
}
