package io.kchaos.backend.local.net;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CommandRunner that runs nothing: records each command line and answers from canned results by line prefix (the
 * longest matching prefix wins; several results for one prefix are given in turn, the last one repeated). Unmatched
 * commands succeed with no output, and read-backs ({@code iptables -S}, {@code tc qdisc show} in a namespace) are
 * answered with what the recorded commands set there ({@link SimulatedNamespaces}). Read-backs are recorded in
 * {@link #reads}, apart from the commands that change the machine in {@link #lines}.
 */
final class CapturingRunner implements CommandRunner {
    final List<String> lines = new ArrayList<>();
    final List<String> reads = new ArrayList<>();
    private final Map<String, Deque<CommandResult>> answers = new LinkedHashMap<>();
    private final SimulatedNamespaces machine = new SimulatedNamespaces();

    CapturingRunner answer(String prefix, int exit, String stdout, String stderr) {
        answers.computeIfAbsent(prefix, p -> new ArrayDeque<>()).add(new CommandResult(exit, stdout, stderr));
        return this;
    }

    CapturingRunner answer(String prefix, String stdout) {
        return answer(prefix, 0, stdout, "");
    }

    @Override
    public CommandResult run(List<String> command) {
        String line = String.join(" ", command);
        boolean read = SimulatedNamespaces.reads(line);
        (read ? reads : lines).add(line);
        CommandResult r = answers.entrySet().stream().filter(e -> line.startsWith(e.getKey()))
                .max((a, b) -> Integer.compare(a.getKey().length(), b.getKey().length()))
                .map(e -> e.getValue().size() > 1 ? e.getValue().poll() : e.getValue().peek())
                .orElseGet(() -> read ? machine.answer(line) : new CommandResult(0, "", ""));
        if (!read && r.ok()) machine.applied(line);
        return r;
    }

    /** The lines recorded so far; forgets them. */
    List<String> drain() {
        List<String> out = List.copyOf(lines);
        lines.clear();
        return out;
    }
}
