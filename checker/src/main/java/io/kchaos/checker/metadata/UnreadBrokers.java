package io.kchaos.checker.metadata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.Json;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The brokers no caught-up read judged, each with why: every broker the run started with ({@code metadata-brokers})
 * and every broker a read named, but for those with an ok read. A broker that was not read cannot be judged, so each
 * makes the verdict unknown (an error) rather than valid by its silence; so does a start that found fewer brokers
 * than the cluster spec has, or none.
 */
final class UnreadBrokers {
    static final String NEVER_READ = "never read: no metadata-read of it in the history";

    /** Node id (or "?" for a read naming none) to why it was not read, in node order. */
    final Map<String, String> why = new TreeMap<>(UnreadBrokers::byNode);
    private final String rosterProblem;

    private UnreadBrokers(String rosterProblem) {
        this.rosterProblem = rosterProblem;
    }

    static UnreadBrokers of(MetadataPass pass) {
        MetadataOps.Roster roster = pass.roster;
        String problem = null;
        if (roster != null && roster.error() != null) {
            problem = "the brokers the run started with are not known: " + roster.error();
        } else if (roster != null && roster.brokers().size() < roster.expected()) {
            problem = "the workload found " + roster.brokers().size() + " of the " + roster.expected()
                    + " brokers of the cluster spec at its start (" + roster.brokers().keySet() + ")";
        }
        UnreadBrokers u = new UnreadBrokers(problem);
        Set<String> read = pass.reads.stream().map(r -> String.valueOf(r.node())).collect(Collectors.toCollection(TreeSet::new));
        pass.failedReads.forEach((node, error) -> {
            if (!read.contains(node)) u.why.put(node, error);
        });
        if (roster != null) {
            for (int node : roster.brokers().keySet()) {
                if (!read.contains(String.valueOf(node))) u.why.putIfAbsent(String.valueOf(node), NEVER_READ);
            }
        }
        return u;
    }

    /** Says in {@code result} what was not judged: one error (the verdict unknown) when any broker went unread. */
    void report(CheckResult result) {
        if (rosterProblem != null) result.error(rosterProblem);
        if (why.isEmpty()) return;
        result.error(why.size() + " broker(s) not read after catching up with the metadata quorum, so not judged: "
                + why.entrySet().stream().map(e -> "node " + e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining("; ")));
    }

    /** The {@code unread-brokers} figure: node id to why. */
    ObjectNode toJson() {
        ObjectNode o = Json.object();
        why.forEach(o::put);
        return o;
    }

    private static int byNode(String a, String b) {
        boolean na = a.chars().allMatch(Character::isDigit);
        boolean nb = b.chars().allMatch(Character::isDigit);
        if (na && nb) return Long.compare(Long.parseLong(a), Long.parseLong(b));
        return na == nb ? a.compareTo(b) : na ? -1 : 1;
    }
}
