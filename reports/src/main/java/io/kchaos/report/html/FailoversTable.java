package io.kchaos.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.folder.ResultsFields.ControllerFailovers;

import java.util.ArrayList;
import java.util.List;

/**
 * results.json's {@code stats.controller-failovers} as the Controller timeline section shows it: one row per fault aimed
 * at the active controller (leader and epoch before and after, the time without a leader), then the median and maximum.
 */
final class FailoversTable {
    private final JsonNode failovers;

    /** @param failovers {@code stats.controller-failovers} (a MissingNode when the run has none) */
    FailoversTable(JsonNode failovers) {
        this.failovers = failovers;
    }

    void render(Html h) {
        JsonNode faults = failovers.path(ControllerFailovers.FAULTS);
        if (!faults.isArray() || faults.isEmpty()) return;
        h.el("p", "Each fault aimed at the active controller, and the time without a quorum leader known to kchaos: from the fault"
                + " holding to the first poll naming a higher epoch, before the next controller fault (polled every 0.5 s, so up to one poll late).");
        h.open("table", "class", "grid").row("th", "fault", "time (s)", "active controller", "leader epoch", "without a leader (s)");
        for (JsonNode f : faults) {
            boolean failover = f.path(ControllerFailovers.FAILOVER).asBoolean();
            String before = "node " + f.path(ControllerFailovers.LEADER_BEFORE).asText("?");
            String epoch = f.path(ControllerFailovers.EPOCH_BEFORE).asText();
            h.row("td", f.path(ControllerFailovers.F).asText(), f.path(ControllerFailovers.TIME_S).asText(),
                    failover ? before + " → node " + f.path(ControllerFailovers.LEADER_AFTER).asText() : before,
                    failover ? epoch + " → " + f.path(ControllerFailovers.EPOCH_AFTER).asText() : epoch,
                    failover ? f.path(ControllerFailovers.LEADERLESS_S).asText() : noFailover(f));
        }
        h.close("table");
        h.el("p", summary(failovers) + byFault());
    }

    private static String noFailover(JsonNode f) {
        JsonNode heal = f.path(ControllerFailovers.HEAL_S);
        return "no failover" + (heal.isNumber() ? " (healed after " + heal.asText() + " s)" : "");
    }

    private String byFault() {
        List<String> kinds = new ArrayList<>();
        failovers.path(ControllerFailovers.BY_FAULT).properties().forEach(e -> kinds.add(e.getKey() + ": " + summary(e.getValue())));
        return kinds.size() < 2 ? "" : " By fault: " + String.join("; ", kinds) + ".";
    }

    /** "median 2.5 s, max 3.0 s over 3 failover(s) of 4 controller fault(s)" */
    private static String summary(JsonNode s) {
        int count = s.path(ControllerFailovers.COUNT).asInt();
        String of = count + " failover(s) of " + s.path(ControllerFailovers.INJECTED).asInt() + " controller fault(s)";
        if (count == 0) return of;
        return "median " + s.path(ControllerFailovers.MEDIAN_S).asText() + " s, max " + s.path(ControllerFailovers.MAX_S).asText() + " s over " + of;
    }
}
