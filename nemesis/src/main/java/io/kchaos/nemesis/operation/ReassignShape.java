package io.kchaos.nemesis.operation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * How a reassignment changes one partition's replica list (preferred leader first), as an operator rebalancing a
 * cluster does: swap one replica for another broker, make a follower the preferred leader, drop a follower, add a broker.
 */
public enum ReassignShape {
    /** One random replica (the leader too) replaced, in its place, by a broker outside the set. */
    REPLACE("replace"),
    /** A random follower moved first, so a preferred election makes it the leader. */
    SWAP_LEADER("swap-leader"),
    /** A random follower dropped: the replication factor shrinks by one. */
    SHRINK("shrink"),
    /** A broker outside the set added last: the replication factor grows by one. */
    GROW("grow");

    private final String word;

    ReassignShape(String word) {
        this.word = word;
    }

    /** The shape's name in {@code reassign-shape} and in a history. */
    public String word() {
        return word;
    }

    /** The shape named {@code word}, if one is. */
    public static Optional<ReassignShape> of(String word) {
        for (ReassignShape s : values()) {
            if (s.word.equals(word)) return Optional.of(s);
        }
        return Optional.empty();
    }

    /** The replica list after this shape, drawn with {@code random}; empty when the partition does not allow it. */
    public Optional<List<Integer>> apply(List<Integer> replicas, List<Integer> brokers, Random random) {
        List<Integer> outside = brokers.stream().filter(b -> !replicas.contains(b)).toList();
        List<Integer> out = new ArrayList<>(replicas);
        switch (this) {
            case REPLACE -> {
                if (outside.isEmpty() || replicas.isEmpty()) return Optional.empty();
                out.set(random.nextInt(out.size()), outside.get(random.nextInt(outside.size())));
            }
            case SWAP_LEADER -> {
                if (replicas.size() < 2) return Optional.empty();
                Integer follower = out.remove(1 + random.nextInt(out.size() - 1));
                out.add(0, follower);
            }
            case SHRINK -> {
                if (replicas.size() < 2) return Optional.empty();
                out.remove(1 + random.nextInt(out.size() - 1));
            }
            case GROW -> {
                if (outside.isEmpty()) return Optional.empty();
                out.add(outside.get(random.nextInt(outside.size())));
            }
        }
        return Optional.of(List.copyOf(out));
    }

    /**
     * The shape {@code reassign-shape=any} draws for a partition whose replication factor was {@code firstSize} when
     * the run first moved it: back to that size first (grow, or shrink), else replace, swap-leader or (above two
     * replicas) shrink, among those the partition allows; empty when none does.
     */
    public static Optional<ReassignShape> any(List<Integer> replicas, List<Integer> brokers, int firstSize, Random random) {
        if (replicas.size() < firstSize && GROW.apply(replicas, brokers, random).isPresent()) return Optional.of(GROW);
        if (replicas.size() > firstSize) return Optional.of(SHRINK);
        List<ReassignShape> allowed = new ArrayList<>();
        if (REPLACE.apply(replicas, brokers, random).isPresent()) allowed.add(REPLACE);
        if (replicas.size() >= 2) allowed.add(SWAP_LEADER);
        if (replicas.size() > 2) allowed.add(SHRINK);
        return allowed.isEmpty() ? Optional.empty() : Optional.of(allowed.get(random.nextInt(allowed.size())));
    }
}
