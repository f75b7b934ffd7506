package io.kchaos.cluster.net;


import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;

import java.util.ArrayList;
import java.util.List;

/**
 * One iptables filter rule, in a namespace or (namespace null) on the host, always tagged with the owning run's
 * comment so it can be found and removed exactly with {@code -D} (Trogdor's NetworkPartitionFaultWorker does the same).
 *
 * @param first insert at the head of the chain instead of appending (for host chains others also use)
 */
public record IptablesRule(String namespace, String chain, List<String> match, String comment, List<String> target, boolean first) {
    /** The command that lists the filter rules where it runs ({@link RuleListing#read} reads its result). */
    public static final List<String> LIST = List.of("iptables", "-w", "5", "-S");

    public IptablesRule {
        match = List.copyOf(match);
        target = List.copyOf(target);
    }

    /** A rule appended to a chain inside a node's namespace; {@code target} is the {@code -j} target and its options. */
    public static IptablesRule inNamespace(String namespace, String chain, List<String> match, String comment, String... target) {
        return new IptablesRule(namespace, chain, match, comment, List.of(target), false);
    }

    /** The command that adds this rule ({@code -A}, or {@code -I chain 1}). */
    public List<String> addCommand() {
        return first ? command("-I", "1") : command("-A", null);
    }

    /** The command that removes exactly this rule. */
    public List<String> deleteCommand() {
        return command("-D", null);
    }

    /** Adds the rule; throws CommandException with iptables' message if it fails. */
    public void add(CommandRunner runner) {
        CommandResult r = runner.run(addCommand());
        if (!r.ok()) throw new CommandException(String.join(" ", addCommand()), r);
    }

    /** Deletes the rule; an absent rule (or namespace) counts as deleted, any other failure throws CommandException. */
    public void delete(CommandRunner runner) {
        CommandResult r = runner.run(deleteCommand());
        if (!removed(r)) throw new CommandException(String.join(" ", deleteCommand()), r);
    }

    /** Whether a delete command's result leaves the rule gone: deleted, never there, or its namespace gone. */
    public static boolean removed(CommandResult r) {
        return r.ok() || r.stderr().contains("does a matching rule exist") || Namespaces.gone(r);
    }

    /**
     * The rule as {@code iptables -S} lists it ({@code -A chain match... -j target}, also for a rule inserted first),
     * before iptables' own normalisation ({@link RuleListing} compares the two).
     */
    public List<String> spec() {
        List<String> s = new ArrayList<>(List.of("-A", chain));
        s.addAll(rest());
        return s;
    }

    private List<String> command(String op, String position) {
        List<String> c = new ArrayList<>();
        if (namespace != null) c.addAll(Namespaces.exec(namespace));
        c.addAll(List.of("iptables", "-w", "5", op, chain));
        if (position != null) c.add(position);
        c.addAll(rest());
        return c;
    }

    /** The match, the comment and the target: what follows the chain. */
    private List<String> rest() {
        List<String> r = new ArrayList<>(match);
        r.addAll(List.of("-m", "comment", "--comment", comment, "-j"));
        r.addAll(target);
        return r;
    }
}
