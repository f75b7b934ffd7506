package io.kchaos.nemesis.network;

import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.cluster.Connectivity;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TopologyTest {

    private static NemesisContext ctx(int n, long seed, Map<Integer, Integer> leaders) {
        FakeCluster c = new FakeCluster(n, List.of(leaders.containsKey(0) ? List.of(leaders.get(0)) : List.of())).withNetwork();
        return new NemesisContext(c, c, null, new Random(seed));
    }

    /** Node → the nodes it still sees (itself included). */
    private static Map<Integer, Set<Integer>> sees(List<Integer> nodes, List<List<Integer>> cut) {
        Map<Integer, Set<Integer>> m = new java.util.TreeMap<>();
        for (int a : nodes) {
            Set<Integer> s = new HashSet<>(nodes);
            for (List<Integer> l : cut) {
                if (l.get(0) == a) s.remove(l.get(1));
                if (l.get(1) == a) s.remove(l.get(0));
            }
            m.put(a, s);
        }
        return m;
    }

    @Test
    void connectivityCutsExactlyThePairsNoComponentHolds() {
        assertEquals(List.of(List.of(1, 2), List.of(1, 3)), Connectivity.cut(List.of(1, 2, 3), List.of(Set.of(1), Set.of(2, 3))));
        assertEquals(List.of(List.of(1, 3)), Connectivity.cut(List.of(3, 2, 1), List.of(Set.of(1, 2), Set.of(2, 3))));
        assertEquals(List.of(List.of(1, 2), List.of(1, 3), List.of(2, 3)), Connectivity.cut(List.of(1, 2, 3), List.of()));
        assertEquals(List.of(), Connectivity.cut(List.of(1, 2, 3), List.of(Set.of(1, 2, 3))));
    }

    @Test
    void oneIsolatesASingleNodeFromAllOthers() {
        PartitionPlan p = Topology.ONE.plan(ctx(5, 1, Map.of())).orElseThrow();
        List<List<Integer>> cut = p.cut(List.of(1, 2, 3, 4, 5));
        assertEquals(4, cut.size());
        int isolated = p.components().get(0).iterator().next();
        assertTrue(cut.stream().allMatch(l -> l.contains(isolated)));
    }

    @Test
    void leaderIsolatesTheLeaderOfTheChosenPartitionAndNamesIt() {
        PartitionPlan p = Topology.LEADER.plan(ctx(3, 7, Map.of(0, 2))).orElseThrow();
        assertEquals(List.of(Set.of(2), Set.of(1, 3)), p.components());
        assertEquals(0, p.leaderOf());
        assertEquals("{\"partition\":[[2],[1,3]],\"cut\":[[1,2],[2,3]],\"topology\":\"leader\",\"leader-of\":0}",
                p.toJson(List.of(1, 2, 3)).toString());
        assertTrue(Topology.LEADER.plan(ctx(3, 7, Map.of())).isEmpty(), "no leader known: nothing to isolate");
    }

    @Test
    void halvesSplitIntoMinorityAndMajority() {
        PartitionPlan p = Topology.HALVES.plan(ctx(5, 3, Map.of())).orElseThrow();
        assertEquals(2, p.components().get(0).size());
        assertEquals(3, p.components().get(1).size());
        assertEquals(6, p.cut(List.of(1, 2, 3, 4, 5)).size(), "every minority–majority link is cut");
    }

    @Test
    void majorityRingGivesEveryNodeADifferentMajority() {
        for (int n = 3; n <= 7; n++) {
            for (long seed = 0; seed < 5; seed++) {
                List<Integer> nodes = new ArrayList<>();
                for (int i = 1; i <= n; i++) nodes.add(i);
                PartitionPlan p = Topology.MAJORITY_RING.plan(ctx(n, seed, Map.of())).orElseThrow();
                Map<Integer, Set<Integer>> sees = sees(nodes, p.cut(nodes));
                for (Set<Integer> s : sees.values()) assertTrue(s.size() > n / 2, "n=" + n + ": every node sees a majority " + sees);
                assertEquals(n, new HashSet<>(sees.values()).size(), "n=" + n + ": no two nodes see the same majority " + sees);
                assertFalse(p.cut(nodes).isEmpty());
            }
        }
        assertTrue(Topology.MAJORITY_RING.plan(ctx(2, 0, Map.of())).isEmpty());
    }

    @Test
    void bridgeKeepsOneNodeConnectedToBothCutHalves() {
        List<Integer> nodes = List.of(1, 2, 3, 4, 5);
        PartitionPlan p = Topology.BRIDGE.plan(ctx(5, 11, Map.of())).orElseThrow();
        Map<Integer, Set<Integer>> sees = sees(nodes, p.cut(nodes));
        List<Integer> bridges = nodes.stream().filter(n -> sees.get(n).size() == 5).toList();
        assertEquals(1, bridges.size(), "exactly one node sees all: " + sees);
        assertEquals(6 - 2, p.cut(nodes).size(), "2×2 links between the halves, minus none through the bridge");
    }

    @Test
    void parseKeepsOrderAndRejectsUnknownNames() {
        assertEquals(List.of(Topology.LEADER, Topology.BRIDGE), Topology.parse(List.of("leader", " bridge", "leader")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Topology.parse(List.of("ring")));
        assertTrue(e.getMessage().contains("majority-ring"), e.getMessage());
    }
}
