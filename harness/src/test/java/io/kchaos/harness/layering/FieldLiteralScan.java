package io.kchaos.harness.layering;

import io.kchaos.testkit.StringConstants;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds run-folder field names written as string literals in a Java source: a declared name given to a JSON key
 * method ({@code path("started-at")}, {@code put("valid", ...)}, {@code text("nodes")}) in a file that handles that file
 * (it names one of the contract's or the report's types), and any literal section of {@code stats()}. Comments are
 * blanked first, so a Javadoc may quote a field; other formats' keys in files that do not handle the file are theirs.
 */
final class FieldLiteralScan {
    /** Methods whose first argument is a JSON key (Jackson's and the run-folder readers'). */
    private static final Pattern KEY = Pattern.compile("(?<![\\w$])(path|get|has|hasNonNull|put|putObject|putArray|putNull|putPOJO|set"
            + "|replace|remove|with|withArray|withObject|text|field|number|config|section|effectiveSettings)\\(\\s*\"([^\"\\\\]*)\"");
    /** A literal section of the results' stats, written or read. */
    private static final Pattern STATS = Pattern.compile("stats\\(\\)\\s*\\.\\s*\\w+\\(\\s*\"([^\"\\\\]*)\"");
    private static final Pattern COMMENT_OR_STRING = Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)+'",
            Pattern.DOTALL);

    /** One file of a run folder: the names it declares and the types whose users handle it. */
    record Contract(String file, Set<String> names, Pattern handlers) {
    }

    private final List<Contract> contracts;

    FieldLiteralScan(List<Contract> contracts) {
        this.contracts = contracts;
    }

    /**
     * The names a field-name class declares: every constant of its top level, and of its nested classes those with a
     * dash (a nested class's short words, such as {@code value} or {@code from}, are too common to police by name).
     */
    static Set<String> declared(Class<?> fields) {
        Set<String> out = new TreeSet<>(StringConstants.of(fields));
        for (Class<?> nested : fields.getDeclaredClasses()) {
            StringConstants.of(nested).stream().filter(n -> n.contains("-") || nestedWhole(fields, nested)).forEach(out::add);
        }
        return out;
    }

    /** Nested classes whose every name is policed: the sections of a results.json and of an anomaly's entry. */
    private static boolean nestedWhole(Class<?> fields, Class<?> nested) {
        return fields.getSimpleName().equals("ResultsFields") && Set.of("Anomaly", "Stats").contains(nested.getSimpleName());
    }

    /** The violations in one source file, each {@code name:line: ...}. */
    List<String> violations(String name, String source) {
        String code = blankComments(source);
        List<String> out = new ArrayList<>();
        for (Contract c : contracts) {
            if (!c.handlers().matcher(code).find()) continue;
            Matcher m = KEY.matcher(code);
            while (m.find()) {
                if (c.names().contains(m.group(2))) {
                    out.add(name + ":" + line(code, m.start()) + ": " + c.file() + " field \"" + m.group(2) + "\" as a literal in " + m.group(1) + "(...)");
                }
            }
        }
        Matcher s = STATS.matcher(code);
        while (s.find()) out.add(name + ":" + line(code, s.start()) + ": stats section \"" + s.group(1) + "\" as a literal");
        return out;
    }

    /** The source with each comment replaced by blanks (its line breaks kept, so line numbers stay). */
    static String blankComments(String source) {
        Matcher m = COMMENT_OR_STRING.matcher(source);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String t = m.group();
            boolean comment = t.startsWith("/");
            m.appendReplacement(b, Matcher.quoteReplacement(comment ? t.replaceAll("[^\\n]", " ") : t));
        }
        m.appendTail(b);
        return b.toString();
    }

    private static int line(String text, int offset) {
        int n = 1;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') n++;
        return n;
    }
}
