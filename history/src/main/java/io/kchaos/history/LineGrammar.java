package io.kchaos.history;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The grammar of one history line (docs/format.md, "The grammar of a history line"): its encoding, what a blank line
 * and a torn line are, and the limits on its size. Every reader of history lines judges a line by these rules; the fast
 * reader ({@link FastJsonLine}) may only accept a line they accept, with the same op.
 */
public final class LineGrammar {
    /** 8 Mi characters (UTF-16 units): several times the longest line kchaos writes (drains: 10,000 records per op). */
    public static final int MAX_LINE_CHARS = 8 << 20;
    /** The longest object key, in characters. */
    public static final int MAX_KEY_CHARS = 1_000;
    /** The deepest nesting of objects and arrays; the op's object is level 1. */
    public static final int MAX_DEPTH = 64;
    /** The longest number, in characters (sign, digits, point and exponent). */
    public static final int MAX_NUMBER_CHARS = 100;

    private LineGrammar() {
    }

    /** Whether c is JSON whitespace: space, tab, CR or LF, and nothing else. */
    static boolean isJsonBlank(int c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    /** Whether bytes [from, to) of a line (its newline excluded) hold only JSON whitespace, or nothing. */
    public static boolean isBlank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isJsonBlank(b[i])) return false;
        }
        return true;
    }

    /**
     * The op of line bytes [from, to) (its newline and a CR before it excluded), or null for a blank line; an
     * IllegalArgumentException with the reason when the line breaks a rule of its own (the rules between lines are
     * {@link LineRules}').
     */
    public static Op read(byte[] b, int from, int to, int maxLineChars) {
        if (to - from > maxLineChars && isAscii(b, from, to)) throw tooLong(maxLineChars); // blank or not
        if (isBlank(b, from, to)) return null;
        String text = text(b, from, to, maxLineChars);
        return OpCodec.parse(text);
    }

    /** The line's text, strictly decoded; refused when not UTF-8, holding a NUL, or longer than the limit. */
    static String text(byte[] b, int from, int to, int maxLineChars) {
        if (to - from > maxLineChars && isAscii(b, from, to)) throw tooLong(maxLineChars);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, from, to - from)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("not UTF-8 text");
        }
        if (text.length() > maxLineChars) throw tooLong(maxLineChars);
        if (text.indexOf('\0') >= 0) throw new IllegalArgumentException("not UTF-8 text: a NUL character (UTF-16 or UTF-32?)");
        return text;
    }

    private static boolean isAscii(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) return false;
        }
        return true;
    }

    /** The refusal of a line longer than the limit. */
    public static IllegalArgumentException tooLong(int maxLineChars) {
        return new IllegalArgumentException("longer than " + maxLineChars
                + " characters (kchaos writes at most 10,000 records per op; a longer line is damage)");
    }

    /**
     * Whether the unterminated last line [from, to), refused by {@link #read}, is torn: a proper prefix of a line that
     * could be valid, as a writer that stopped at any byte leaves it (even inside a multi-byte character). A complete
     * object, or a prefix no valid line starts with, is not torn.
     */
    public static boolean isTorn(byte[] b, int from, int to, int maxLineChars) {
        String text;
        try {
            text = text(b, from, to - cutCharacter(b, from, to), maxLineChars);
        } catch (IllegalArgumentException e) {
            return false;
        }
        String whole = JsonPrefix.completion(text);
        if (whole == null) return false;
        try {
            StrictJsonLine.check(whole, text.length());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The number of bytes at the end that begin a multi-byte UTF-8 character and stop before its end (0 to 3). */
    private static int cutCharacter(byte[] b, int from, int to) {
        for (int n = 1; n <= 3 && to - n >= from; n++) {
            int c = b[to - n] & 0xFF;
            if ((c & 0xC0) == 0x80) continue; // a continuation byte: look further back
            int length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            return length > n ? n : 0;
        }
        return 0;
    }
}
