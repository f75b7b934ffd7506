package io.kchaos.checker.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.history.FaultSpan;

import java.util.ArrayList;
import java.util.List;

/** All cases of one anomaly type: the full count and the first few cases as evidence. */
public final class AnomalyCases {
    /** How many example cases results.json keeps per anomaly type. */
    public static final int MAX_EXAMPLES = 20;

    private long count;
    private final List<ObjectNode> examples = new ArrayList<>();
    private FaultTally byFault;
    private final List<ObjectNode> knownCauses = new ArrayList<>();

    public void add(ObjectNode example) {
        count++;
        if (examples.size() < MAX_EXAMPLES) examples.add(example);
    }

    /** Counts a case at {@code time} against the run's fault windows (see {@link FaultTally}). */
    void tally(long time, List<FaultSpan> windows) {
        if (byFault == null) byFault = new FaultTally();
        byFault.add(time, windows);
    }

    /** Known causes named beside these cases, each with its evidence (never an excuse: the cases stay). */
    public List<ObjectNode> knownCauses() {
        return knownCauses;
    }

    void knownCause(ObjectNode cause) {
        knownCauses.add(cause);
    }

    /** Folds another result's cases of this type in: the examples up to the limit, the count, the tally and the causes. */
    void merge(AnomalyCases other) {
        knownCauses.addAll(other.knownCauses);
        for (ObjectNode ex : other.examples) {
            if (examples.size() < MAX_EXAMPLES) examples.add(ex);
        }
        count += other.count;
        if (other.byFault != null) {
            if (byFault == null) byFault = new FaultTally();
            byFault.merge(other.byFault);
        }
    }

    /** The cases by fault window, or null when none was tallied (no case carried a time, or no window was known). */
    public FaultTally byFault() {
        return byFault;
    }

    public long count() {
        return count;
    }

    public List<ObjectNode> examples() {
        return examples;
    }
}
