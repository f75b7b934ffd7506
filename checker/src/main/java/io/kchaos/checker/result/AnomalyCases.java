package io.kchaos.checker.result;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** All cases of one anomaly type: the full count and the first few cases as evidence. */
public final class AnomalyCases {
    /** How many example cases results.json keeps per anomaly type. */
    public static final int MAX_EXAMPLES = 20;

    private long count;
    private final List<ObjectNode> examples = new ArrayList<>();

    public void add(ObjectNode example) {
        count++;
        if (examples.size() < MAX_EXAMPLES) examples.add(example);
    }

    /** Adds to the count without an example (for merged counts). */
    public void addCount(long n) {
        count += n;
    }

    public long count() {
        return count;
    }

    public List<ObjectNode> examples() {
        return examples;
    }
}
