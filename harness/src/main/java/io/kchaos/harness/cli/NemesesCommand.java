package io.kchaos.harness.cli;

import io.kchaos.history.FaultOp;
import io.kchaos.history.FaultSpec;
import io.kchaos.history.NemesisOps;
import io.kchaos.history.NemesisTables;
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
            return NemesisOps.specs().stream().map(FaultSpec::name).iterator();
        }
    }

    /** The {@code --nemesis-option} keys with their defaults, for {@code run --help}. */
    static final class OptionKeys implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return NemesisOps.options().values().stream().map(o -> o.key() + "=" + o.defaultValue()).iterator();
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
            for (FaultSpec s : NemesisOps.specs()) {
                String needs = s.needs().text().replace("`", "");
                out.println(s.name() + (s.formerly().isEmpty() ? "" : " (formerly " + String.join(", ", s.formerly()) + ")")
                        + (needs.isEmpty() ? "" : "  [needs " + needs + "]"));
                out.println("    " + s.description());
                for (FaultOp op : s.ops()) {
                    out.println("    op " + op.f() + (op.isEvent() ? " (one-off)" : ", healed by " + String.join(", ", new TreeSet<>(op.healedBy()))));
                }
                for (FaultSpec.Option o : s.options()) out.println("    --nemesis-option " + o.key() + "=" + o.defaultValue() + ": " + o.meaning());
            }
            out.println("schedule (any faults)");
            for (FaultSpec.Option o : NemesisOps.SCHEDULE_OPTIONS) {
                out.println("    --nemesis-option " + o.key() + "=" + o.defaultValue() + ": " + o.meaning());
            }
        }
        out.flush();
        return 0;
    }
}
