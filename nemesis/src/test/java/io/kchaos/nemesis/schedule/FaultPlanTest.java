package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.FakeCluster;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.cluster.TopicView;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultPlanTest {
    private final List<String> calls = new ArrayList<>();

    private Nemesis named(String name) {
        return new Nemesis() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Fault inject(NemesisContext context) {
                calls.add("inject " + name);
                return new Fault() {
                    @Override
                    public String description() {
                        return name;
                    }

                    @Override
                    public void heal() {
                        calls.add("heal " + name);
                    }
                };
            }
        };
    }

    /** One partition on nodes 1-3 whose ISR lacks node 3 until {@code pollsUntilFull} ISR reads have been made. */
    private static final class Recovering implements TopicView {
        int pollsUntilFull;

        @Override public int partitions() { return 1; }
        @Override public Optional<Integer> leader(int partition) { return Optional.of(1); }
        @Override public List<Integer> replicas(int partition) { return List.of(1, 2, 3); }

        @Override
        public List<Integer> isr(int partition) {
            if (pollsUntilFull > 0) {
                pollsUntilFull--;
                return List.of(1, 2);
            }
            return List.of(1, 2, 3);
        }
    }

    @Test
    void cycleInjectsTheListedFaultsInTurnWhateverTheSeed() {
        List<Nemesis> plan = FaultPlan.apply(List.of(named("disk-full"), named("wipe"), named("corrupt")),
                new NemesisOptions(Map.of("fault-order", "cycle")));
        assertEquals(1, plan.size(), "one nemesis the schedule always picks");
        assertEquals("disk-full,wipe,corrupt", plan.get(0).name());
        NemesisContext ctx = FakeCluster.full().context(null, 7);
        for (int i = 0; i < 4; i++) plan.get(0).inject(ctx).heal();
        assertEquals(List.of("inject disk-full", "heal disk-full", "inject wipe", "heal wipe", "inject corrupt", "heal corrupt",
                "inject disk-full", "heal disk-full"), calls);
    }

    @Test
    void randomOrderIsTheDefaultAndKeepsTheListAsItIs() {
        List<Nemesis> listed = List.of(named("a"), named("b"));
        assertEquals(listed, FaultPlan.apply(listed, NemesisOptions.none()));
        String e = assertThrows(IllegalArgumentException.class,
                () -> FaultPlan.apply(listed, new NemesisOptions(Map.of("fault-order", "sideways")))).getMessage();
        assertTrue(e.contains("fault-order") && e.contains("cycle"), e);
    }

    @Test
    void aFaultCountThatIsNoCountIsRefusedBeforeTheRun() {
        List<Nemesis> listed = List.of(named("a"));
        for (String bad : List.of("x", "-1", "2.5")) {
            String e = assertThrows(IllegalArgumentException.class,
                    () -> FaultPlan.apply(listed, new NemesisOptions(Map.of("fault-count", bad)))).getMessage();
            assertTrue(e.contains("fault-count") && e.contains("'" + bad + "'"), e);
        }
        assertEquals(listed, FaultPlan.apply(listed, new NemesisOptions(Map.of("fault-count", "3"))));
    }

    @Test
    void recoverBetweenHealsThenWaitsForAFullIsr() {
        Recovering topic = new Recovering();
        topic.pollsUntilFull = 3;
        NemesisContext ctx = new NemesisContext(FakeCluster.full(), topic, null, new Random(1));
        Nemesis n = FaultPlan.apply(List.of(named("kill")), new NemesisOptions(Map.of("recover-between", "true"))).get(0);
        assertEquals("kill", n.name());
        n.inject(ctx).heal();
        assertEquals(List.of("inject kill", "heal kill"), calls);
        assertEquals(0, topic.pollsUntilFull, "the heal returned only once node 3 was back in the ISR");
    }
}
