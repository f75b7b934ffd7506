package io.kchaos.report;

/**
 * Escapes any text for an HTML or XML body or attribute: markup characters become entities and characters XML
 * cannot carry (control characters, lone surrogates) become U+FFFD, so data from a history never becomes markup.
 */
public final class Escape {
    private static final char REPLACEMENT = '\uFFFD';

    private Escape() {
    }

    /** The text, safe inside an element or a double- or single-quoted attribute; null gives "". */
    public static String markup(String s) {
        if (s == null) return "";
        int first = firstToEscape(s);
        if (first < 0) return s;
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&': b.append("&amp;"); break;
                case '<': b.append("&lt;"); break;
                case '>': b.append("&gt;"); break;
                case '"': b.append("&quot;"); break;
                case '\'': b.append("&#39;"); break;
                default:
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        b.append(c).append(s.charAt(++i));
                    } else {
                        b.append(allowed(c) ? c : REPLACEMENT);
                    }
            }
        }
        return b.toString();
    }

    private static int firstToEscape(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') return i;
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return i;
            }
            if (!allowed(c)) return i;
        }
        return -1;
    }

    /** XML 1.0 Char, minus surrogates (handled by the caller). */
    private static boolean allowed(char c) {
        if (c < 0x20) return c == '\t' || c == '\n' || c == '\r';
        return !Character.isSurrogate(c) && c != '\uFFFE' && c != '\uFFFF';
    }
}
