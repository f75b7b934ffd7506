package io.kchaos.history;

/**
 * Whether a text is a proper prefix of a JSON object (what a writer that stopped mid-line leaves), and the shortest
 * object it completes to: an open string closed, a number, literal or escape finished, a value after a dangling key or
 * colon, a dangling comma dropped, open containers closed. Syntax only; {@link StrictJsonLine} judges the completed
 * text.
 */
final class JsonPrefix {
    private static final int VALUE = 0;
    private static final int KEY_OR_CLOSE = 1;
    private static final int KEY = 2;
    private static final int COLON = 3;
    private static final int COMMA_OR_CLOSE = 4;
    private static final int VALUE_OR_CLOSE = 5;

    private final String s;
    private final StringBuilder open = new StringBuilder();
    private int i;
    private int expect = VALUE;
    private int danglingComma = -1;

    private JsonPrefix(String s) {
        this.s = s;
    }

    /** The object {@code text} is a proper prefix of, completed the shortest way; null when it is none (or is whole). */
    static String completion(String text) {
        return new JsonPrefix(text).complete();
    }

    private String complete() {
        skipBlanks();
        if (i == s.length() || s.charAt(i) != '{') return null;
        value('{');
        while (true) {
            skipBlanks();
            if (i == s.length()) return open.length() == 0 ? null : closed(atEnd());
            if (open.length() == 0) return null; // text after the whole object
            String tail = step();
            if (tail == null) return null;
            if (!tail.isEmpty()) return closed(tail);
        }
    }

    /** Reads one token; "" to go on, the text that finishes the token cut by the end, or null on a syntax error. */
    private String step() {
        char c = s.charAt(i);
        boolean inObject = open.charAt(open.length() - 1) == '{';
        switch (expect) {
            case COLON:
                if (c != ':') return null;
                i++;
                expect = VALUE;
                return "";
            case COMMA_OR_CLOSE:
                if (c == ',') {
                    danglingComma = inObject ? i : -1;
                    i++;
                    expect = inObject ? KEY : VALUE;
                    return "";
                }
                return close(c, inObject ? '}' : ']');
            case KEY_OR_CLOSE, KEY:
                if (c == '}' && expect == KEY_OR_CLOSE) return close(c, '}');
                if (c != '"') return null;
                expect = COLON;
                String key = string();
                return key == null || key.isEmpty() ? key : key + ":null";
            default:
                if (c == ']' && expect == VALUE_OR_CLOSE) return close(c, ']');
                return value(c);
        }
    }

    private String value(char c) {
        if (c == '{' || c == '[') {
            open.append(c);
            i++;
            expect = c == '{' ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
            return "";
        }
        String tail;
        if (c == '"') tail = string();
        else if (c == '-' || (c >= '0' && c <= '9')) tail = number();
        else if (c == 't' || c == 'f' || c == 'n') tail = literal(c == 't' ? "true" : c == 'f' ? "false" : "null");
        else return null;
        if (tail == null || !tail.isEmpty()) return tail;
        expect = COMMA_OR_CLOSE;
        return "";
    }

    private String close(char c, char expected) {
        if (c != expected) return null;
        open.setLength(open.length() - 1);
        i++;
        expect = COMMA_OR_CLOSE;
        return "";
    }

    /** Reads the string at i: "" when it closes, what finishes it when the text ends inside, null when malformed. */
    private String string() {
        i++;
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') return "";
            if (c < 0x20) return null;
            if (c == '\\') {
                if (i == s.length()) return "n\"";
                char e = s.charAt(i++);
                if (e == 'u') {
                    int hex = 0;
                    while (hex < 4 && i < s.length() && isHex(s.charAt(i))) {
                        hex++;
                        i++;
                    }
                    if (hex < 4 && i < s.length()) return null;
                    if (hex < 4) return "0".repeat(4 - hex) + "\"";
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    return null;
                }
            }
        }
        return "\"";
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Reads the number at i (JSON's grammar): "" when whole, the digit that finishes it at the end, null when malformed. */
    private String number() {
        if (s.charAt(i) == '-') i++;
        if (i == s.length()) return "0";
        char c = s.charAt(i);
        if (c == '0') i++;
        else if (!digits()) return null;
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            if (i == s.length()) return "0";
            if (!digits()) return null;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            if (i == s.length()) return "0";
            if (!digits()) return null;
        }
        return i == s.length() || isDelimiter(s.charAt(i)) ? "" : null;
    }

    private boolean digits() {
        int from = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        return i > from;
    }

    private String literal(String word) {
        int n = 0;
        while (n < word.length() && i < s.length() && s.charAt(i) == word.charAt(n)) {
            i++;
            n++;
        }
        if (n == word.length()) return i == s.length() || isDelimiter(s.charAt(i)) ? "" : null;
        return i == s.length() ? word.substring(n) : null;
    }

    private static boolean isDelimiter(char c) {
        return c == ',' || c == '}' || c == ']' || LineGrammar.isJsonBlank(c);
    }

    private void skipBlanks() {
        while (i < s.length() && LineGrammar.isJsonBlank(s.charAt(i))) i++;
    }

    /** What finishes the text when it ends between tokens. */
    private String atEnd() {
        return switch (expect) {
            case VALUE -> "null";
            case COLON -> ":null";
            default -> "";
        };
    }

    /** The text up to the end with {@code tail} appended and every open container closed (a dangling comma dropped). */
    private String closed(String tail) {
        StringBuilder out = new StringBuilder(s.length() + tail.length() + open.length());
        if (expect == KEY && danglingComma >= 0) {
            out.append(s, 0, danglingComma).append(' ').append(s, danglingComma + 1, s.length());
        } else {
            out.append(s);
        }
        out.append(tail);
        for (int k = open.length() - 1; k >= 0; k--) out.append(open.charAt(k) == '{' ? '}' : ']');
        return out.toString();
    }
}
