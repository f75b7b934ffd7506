package io.kchaos.report.svg;

import io.kchaos.report.Escape;

/** A tiny SVG writer: elements with escaped attributes and text, numbers with one decimal. */
public final class Svg {
    private final StringBuilder b = new StringBuilder(4096);

    public Svg(double width, double height, String label) {
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(num(width)).append("\" height=\"")
                .append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ').append(num(height))
                .append("\" role=\"img\" aria-label=\"").append(Escape.markup(label)).append("\" font-family=\"sans-serif\">");
    }

    /** Opens an element; {@code attrs} are name/value pairs. */
    public Svg open(String tag, Object... attrs) {
        b.append('<').append(tag);
        attributes(attrs);
        b.append('>');
        return this;
    }

    public Svg close(String tag) {
        b.append("</").append(tag).append('>');
        return this;
    }

    /** An element without content. */
    public Svg empty(String tag, Object... attrs) {
        b.append('<').append(tag);
        attributes(attrs);
        b.append("/>");
        return this;
    }

    /** A text element; the text is escaped. */
    public Svg text(double x, double y, String text, Object... attrs) {
        b.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append('"');
        attributes(attrs);
        b.append('>').append(Escape.markup(text)).append("</text>");
        return this;
    }

    /** A tooltip for the enclosing element; the text is escaped. */
    public Svg title(String text) {
        b.append("<title>").append(Escape.markup(text)).append("</title>");
        return this;
    }

    public Svg rect(double x, double y, double w, double h, Object... attrs) {
        b.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(Math.max(0, w))).append("\" height=\"").append(num(Math.max(0, h))).append('"');
        attributes(attrs);
        b.append("/>");
        return this;
    }

    public Svg line(double x1, double y1, double x2, double y2, Object... attrs) {
        b.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append('"');
        attributes(attrs);
        b.append("/>");
        return this;
    }

    private void attributes(Object[] attrs) {
        for (int i = 0; i + 1 < attrs.length; i += 2) {
            Object v = attrs[i + 1];
            String s = v instanceof Double d ? num(d) : String.valueOf(v);
            b.append(' ').append(attrs[i]).append("=\"").append(Escape.markup(s)).append('"');
        }
    }

    /** Appends a number with at most one decimal, e.g. "12", "12.5", "-3.1". */
    public static StringBuilder num(StringBuilder out, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return out.append('0');
        long tenths = Math.round(v * 10);
        if (tenths < 0) {
            out.append('-');
            tenths = -tenths;
        }
        out.append(tenths / 10);
        if (tenths % 10 != 0) out.append('.').append(tenths % 10);
        return out;
    }

    public static String num(double v) {
        return num(new StringBuilder(8), v).toString();
    }

    public String finish() {
        return b.append("</svg>").toString();
    }
}
