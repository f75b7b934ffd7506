package io.kchaos.nemesis.catalogue;

import io.kchaos.history.FaultOp;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.NemesisSetting;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;

/** The fault catalogue ({@link FaultCatalogue}) and the ops it records ({@link NemesisOps}) as the Markdown tables of docs/faults.md and docs/format.md. */
public final class NemesisTables {
    private NemesisTables() {
    }

    /** docs/faults.md's fault table: {@code --nemesis} name (and older names), what it does with its settings, what it needs. */
    public static String faults() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| `--nemesis` | fault | needs |");
        t.add("|---|---|---|");
        for (FaultSpec s : FaultCatalogue.specs()) {
            t.add("| `" + s.name() + "`" + olderNames(s, "`") + " | " + s.description() + settings(s) + " | " + s.needs() + " |");
        }
        return t.toString();
    }

    /**
     * The older names of a fault, each in {@code quote}: {@code  (formerly `kill`)}, {@code  (`corrupt` retired)};
     * empty when it had none.
     */
    public static String olderNames(FaultSpec s, String quote) {
        List<String> parts = new ArrayList<>();
        if (!s.formerly().isEmpty()) parts.add("formerly " + quote + String.join(quote + ", " + quote, s.formerly()) + quote);
        FaultCatalogue.retired().stream().filter(r -> r.now().equals(s.name())).forEach(r -> parts.add(quote + r.name() + quote + " retired"));
        return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")";
    }

    /** The settings a fault reads, as {@code  (--nemesis-option key=default: meaning; ...)}; empty when none. */
    static String settings(FaultSpec s) {
        if (s.settings().isEmpty()) return "";
        StringJoiner j = new StringJoiner("; ", " (`--nemesis-option` ", ")");
        for (NemesisSetting o : s.settings()) j.add("`" + o.key() + "=" + o.defaultValue() + "`: " + o.meaning());
        return j.toString();
    }

    /** docs/format.md's table of kchaos's own fault ops: op, kind, heals, the faults that write it, an example value. */
    public static String ops() {
        StringJoiner t = new StringJoiner("\n", "", "\n");
        t.add("| fault op | kind | healed by | written by (`--nemesis`) | value |");
        t.add("|---|---|---|---|---|");
        for (Map.Entry<String, FaultOp> e : NemesisOps.faults().entrySet()) {
            FaultOp op = e.getValue();
            if (!op.f().equals(e.getKey()) || op.example().isEmpty()) continue; // names only read: listed below the table
            t.add("| `" + op.f() + "` | " + op.kind().name().toLowerCase(Locale.ROOT) + " | " + heals(op) + " | " + writers(op) + " | `"
                    + op.example() + "` |");
        }
        return t.toString();
    }

    private static String heals(FaultOp op) {
        if (op.isEvent()) return "(itself: a one-off action)";
        List<String> own = new ArrayList<>();
        for (String h : new TreeSet<>(op.healedBy())) own.add("`" + h + "`");
        return String.join(", ", own);
    }

    private static String writers(FaultOp op) {
        if (NemesisOps.UPGRADE_OPS.contains(op)) return "the rolling upgrade (`--upgrade-to`, `--downgrade-to`)";
        List<String> names = new ArrayList<>();
        for (FaultSpec s : FaultCatalogue.specs()) if (s.ops().contains(op)) names.add(s.name());
        return String.join(", ", names);
    }
}
