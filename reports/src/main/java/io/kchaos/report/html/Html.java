package io.kchaos.report.html;

import io.kchaos.report.Escape;

/**
 * A small HTML writer whose text and attribute values are always escaped; only {@link #raw} inserts markup, and it is
 * used for the SVG this module draws itself. The output is also well-formed XML (void elements are self-closed).
 */
public final class Html {
    private final StringBuilder b = new StringBuilder(1 << 16);

    /** Opens an element; {@code attrs} are name/value pairs, values escaped. */
    public Html open(String tag, String... attrs) {
        b.append('<').append(tag);
        for (int i = 0; i + 1 < attrs.length; i += 2) {
            b.append(' ').append(attrs[i]).append("=\"").append(Escape.markup(attrs[i + 1])).append('"');
        }
        b.append('>');
        return this;
    }

    public Html close(String tag) {
        b.append("</").append(tag).append('>');
        return this;
    }

    /** An element without content, written as {@code <br/>}. */
    public Html empty(String tag, String... attrs) {
        open(tag, attrs);
        b.setLength(b.length() - 1);
        b.append("/>");
        return this;
    }

    /** Escaped text; null is written as nothing. */
    public Html text(Object o) {
        if (o != null) b.append(Escape.markup(String.valueOf(o)));
        return this;
    }

    /** An element holding escaped text. */
    public Html el(String tag, Object text, String... attrs) {
        return open(tag, attrs).text(text).close(tag);
    }

    /** A table row of escaped cells. */
    public Html row(String cellTag, Object... cells) {
        open("tr");
        for (Object c : cells) el(cellTag, c);
        return close("tr");
    }

    /** A link with escaped href and text. */
    public Html link(String href, Object text) {
        return open("a", "href", href).text(text).close("a");
    }

    /** Markup produced by this module (the charts); never pass data from the run here. */
    public Html raw(String trustedMarkup) {
        b.append(trustedMarkup);
        return this;
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
