package io.kchaos.report.junit;

import io.kchaos.report.Escape;
import io.kchaos.report.Format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes a {@link JUnitSuite} as Surefire/JUnit XML, every name, message and body escaped. */
public final class JUnitXml {
    private JUnitXml() {
    }

    public static String render(JUnitSuite s) {
        StringBuilder b = new StringBuilder(1024);
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append("<testsuite name=\"").append(Escape.markup(s.name())).append("\" tests=\"").append(s.cases().size())
                .append("\" failures=\"").append(s.failures()).append("\" errors=\"").append(s.errors())
                .append("\" skipped=\"").append(s.skipped()).append("\" time=\"").append(seconds(s.seconds())).append("\">\n");
        if (!s.properties().isEmpty()) {
            b.append("  <properties>\n");
            for (Map.Entry<String, String> p : s.properties().entrySet()) {
                b.append("    <property name=\"").append(Escape.markup(p.getKey())).append("\" value=\"")
                        .append(Escape.markup(p.getValue())).append("\"/>\n");
            }
            b.append("  </properties>\n");
        }
        for (JUnitCase c : s.cases()) testcase(b, c);
        b.append("</testsuite>\n");
        return b.toString();
    }

    private static void testcase(StringBuilder b, JUnitCase c) {
        b.append("  <testcase classname=\"").append(Escape.markup(c.classname())).append("\" name=\"")
                .append(Escape.markup(c.name())).append("\" time=\"").append(seconds(c.seconds())).append('"');
        if (c.outcome() == JUnitCase.Outcome.PASSED && c.systemOut() == null) {
            b.append("/>\n");
            return;
        }
        b.append(">\n");
        if (c.outcome() != JUnitCase.Outcome.PASSED) {
            String tag = switch (c.outcome()) {
                case FAILURE -> "failure";
                case SKIPPED -> "skipped";
                default -> "error";
            };
            b.append("    <").append(tag).append(" message=\"").append(Escape.markup(c.message())).append("\" type=\"")
                    .append(Escape.markup(c.type())).append("\">").append(Escape.markup(c.body())).append("</").append(tag)
                    .append(">\n");
        }
        if (c.systemOut() != null) {
            b.append("    <system-out>").append(Escape.markup(c.systemOut())).append("</system-out>\n");
        }
        b.append("  </testcase>\n");
    }

    private static String seconds(double s) {
        return Format.decimal(Double.isNaN(s) || s < 0 ? 0 : s, 3);
    }

    public static void write(JUnitSuite s, Path file) {
        try {
            Files.writeString(file, render(s), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
