package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.kchaos.history.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * The metadata quorum's leadership over a run, as run.json's {@value #FIELD} records it: one entry each time
 * {@code describeMetadataQuorum} named another leader or epoch, {@code {"time": ns, "leader": id, "epoch": e}} (time
 * on the history's clock). The first entry is the leader the run started with; every later one is a failover.
 *
 * @param changes the entries, in time order
 */
public record ControllerTimeline(List<Change> changes) {
    /** The run.json field. */
    public static final String FIELD = RunFields.CONTROLLER_TIMELINE;

    /** The quorum led by {@code leader} in {@code epoch} from {@code timeNanos} on. */
    public record Change(long timeNanos, int leader, int epoch) {
    }

    public ControllerTimeline {
        changes = List.copyOf(changes);
    }

    /** Elections after the first leader: entries whose epoch is higher than the one before. */
    public int failovers() {
        int n = 0;
        for (int i = 1; i < changes.size(); i++) {
            if (changes.get(i).epoch() > changes.get(i - 1).epoch()) n++;
        }
        return n;
    }

    /** Failovers that moved leadership to another node. */
    public int leaderChanges() {
        int n = 0;
        for (int i = 1; i < changes.size(); i++) {
            if (changes.get(i).leader() != changes.get(i - 1).leader()) n++;
        }
        return n;
    }

    /** The run.json value. */
    public ArrayNode toJson() {
        ArrayNode a = Json.MAPPER.createArrayNode();
        changes.forEach(c -> a.addObject().put("time", c.timeNanos()).put("leader", c.leader()).put("epoch", c.epoch()));
        return a;
    }

    /** The timeline of a run.json; empty when it has none (older runs, combined runs before it was recorded). */
    public static ControllerTimeline of(RunJson run) {
        List<Change> out = new ArrayList<>();
        JsonNode a = run.field(FIELD);
        if (a.isArray()) {
            for (JsonNode e : a) {
                if (e.path("leader").isInt() && e.path("epoch").canConvertToInt()) {
                    out.add(new Change(e.path("time").asLong(), e.path("leader").asInt(), e.path("epoch").asInt()));
                }
            }
        }
        return new ControllerTimeline(out);
    }
}
