package io.kchaos.harness.cli;

import io.kchaos.history.FaultOp;
import io.kchaos.nemesis.NemesisSetting;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.catalogue.FaultCatalogue;
import io.kchaos.nemesis.catalogue.FaultSpec;
import io.kchaos.nemesis.catalogue.NemesisTables;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Iterator;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code kchaos nemeses}: the fault catalogue — every {@code --nemesis} name, its ops and heals, settings and needs. */
@Command(name = "nemeses", mixinStandardHelpOptions = true,
        description = {"List every fault of --nemesis: what it does, the history ops it records and the ops that heal them, "
                + "its --nemesis-option settings with their defaults, and what a run needs for it."})
public final class NemesesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--markdown", description = "print the tables of docs/faults.md and docs/format.md instead")
    boolean markdown;

    /** The {@code --nemesis} names, for {@code run --help} ({@code ${COMPLETION-CANDIDATES}}). */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FaultCatalogue.specs().stream().map(FaultSpec::name).iterator();
        }
    }

    /** The {@code --nemesis-option} keys with their defaults, for {@code run --help}. */
    static final class OptionKeys implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FaultCatalogue.settings().values().stream().map(o -> o.key() + "=" + o.defaultValue()).iterator();
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (markdown) {
            out.println("docs/faults.md:");
            out.println(NemesisTables.faults());
            out.println("docs/format.md:");
            out.println(NemesisTables.ops());
        } else {
            for (FaultSpec s : FaultCatalogue.specs()) {
                String needs = s.needs().replace("`", "");
                out.println(s.name() + NemesisTables.olderNames(s, "") + (needs.isEmpty() ? "" : "  [needs " + needs + "]"));
                out.println("    " + s.description());
                for (FaultOp op : s.ops()) {
                    out.println("    op " + op.f() + (op.isEvent() ? " (one-off)" : ", healed by " + String.join(", ", new TreeSet<>(op.healedBy()))));
                }
                for (NemesisSetting o : s.settings()) out.println("    --nemesis-option " + o.key() + "=" + o.defaultValue() + ": " + o.meaning());
            }
            out.println("schedule (any faults)");
            for (NemesisSetting o : NemesisSettings.SCHEDULE) {
                out.println("    --nemesis-option " + o.key() + "=" + o.defaultValue() + ": " + o.meaning());
            }
        }
        out.flush();
        return 0;
    }
}
