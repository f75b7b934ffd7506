package io.kchaos.nemesis.operation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.OperationsView.Reassigning;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** The workload topic's partitions, by number, read through the context's topic view: what reassign and its kin move. */
record WorkloadPlacement(NemesisContext ctx) implements Placement<Integer> {
    @Override
    public void reassign(Map<Integer, List<Integer>> targets) {
        ctx.operations().reassign(targets);
    }

    @Override
    public Optional<Map<Integer, Reassigning>> reassignments() {
        return ctx.operations().reassignments();
    }

    @Override
    public Map<Integer, List<Integer>> replicas(Collection<Integer> partitions) {
        Map<Integer, List<Integer>> out = new LinkedHashMap<>();
        partitions.forEach(p -> out.put(p, ctx.topic().replicas(p)));
        return out;
    }

    @Override
    public Map<Integer, List<Integer>> isr(Collection<Integer> partitions) {
        Map<Integer, List<Integer>> out = new LinkedHashMap<>();
        partitions.forEach(p -> out.put(p, ctx.topic().isr(p)));
        return out;
    }

    @Override
    public String name(Integer partition) {
        return Integer.toString(partition);
    }

    @Override
    public Comparator<Integer> order() {
        return Comparator.naturalOrder();
    }

    /** {@code "partitions": [0, 1]}. */
    @Override
    public void listMoved(Collection<Integer> partitions, ObjectNode value) {
        ArrayNode ps = value.putArray("partitions");
        new TreeSet<>(partitions).forEach(ps::add);
    }
}
