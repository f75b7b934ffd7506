package io.kchaos.checker.group;

import io.kchaos.checker.queue.OffsetSet;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The records the group polled, per partition: the offsets it polled at (lost-by-group, position resets), and each
 * record by its value at its offset, so that a record polled again counts as a duplicate while an offset polled again
 * holding another record (after a truncation) does not.
 */
final class ConsumedRecords {
    private record Polled(int partition, long offset, long value) {
    }

    private final Map<Integer, OffsetSet> offsets = new HashMap<>();
    /** The offsets at which the group polled the value first known there (almost every record: a bit each). */
    private final Map<Integer, OffsetSet> firstValues = new HashMap<>();
    /** Records polled at an offset first known to hold another value: rare, kept one by one. */
    private final Set<Polled> others = new HashSet<>();

    /**
     * The group polled value v at (p, o), where {@code firstKnown} is the value first known at that position; returns
     * whether it had polled this record (this value there) before: a duplicate.
     */
    boolean add(int p, long o, long v, long firstKnown) {
        offsets.computeIfAbsent(p, k -> new OffsetSet()).add(o);
        if (v != firstKnown) return !others.add(new Polled(p, o, v));
        OffsetSet first = firstValues.computeIfAbsent(p, k -> new OffsetSet());
        if (first.contains(o)) return true;
        first.add(o);
        return false;
    }

    /** The offsets of partition p at which the group polled any record (empty when none). */
    OffsetSet offsets(int p) {
        OffsetSet set = offsets.get(p);
        return set != null ? set : new OffsetSet();
    }
}
