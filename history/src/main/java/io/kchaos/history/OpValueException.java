package io.kchaos.history;

/**
 * An op whose value breaks its {@code f}'s rules (docs/format.md): the op is named by its history index, and
 * {@link History#located} turns that into the {@code <file> line N: <reason>} of every other refusal.
 */
public final class OpValueException extends HistoryFormatException {
    private static final long serialVersionUID = 1L;

    private final long index;
    private final String reason;

    /** The value of {@code op} breaks a rule; {@code what} says which. */
    public OpValueException(Op op, String what) {
        this(op.index(), op.f() + " " + op.type().wire() + ": " + what);
    }

    private OpValueException(long index, String reason) {
        super("history index " + index + " (" + reason + ")");
        this.index = index;
        this.reason = reason;
    }

    /** The op's index in its history. */
    public long index() {
        return index;
    }

    /** What is wrong, starting with the op's f and type. */
    public String reason() {
        return reason;
    }
}
