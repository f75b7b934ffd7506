package io.kchaos.nemesis.schedule;

import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.Nemesis;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisOptions;
import io.kchaos.nemesis.NemesisSettings;
import io.kchaos.nemesis.cluster.Capability;
import io.kchaos.nemesis.cluster.TopicView;
import io.kchaos.nemesis.process.Await;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How the schedule draws and spaces the faults of a run, from {@code --nemesis-option}: {@code fault-order=random}
 * (the default: each fault drawn from the seeded Random) or {@code cycle} (the listed faults in turn), and
 * {@code recover-between=true}, which ends each heal only once every partition of the workload's topic has its full
 * ISR again, so that no fault lands on a cluster still recovering from the last one. ({@code fault-count}, which ends
 * the run early, and {@code coordinator-epoch-at}, which holds the first fault back, are the schedule's: {@link NemesisSchedule}.)
 */
public final class FaultPlan {
    /** How long a heal waits for a full ISR under {@code recover-between} before the schedule goes on anyway. */
    static final Duration RECOVERY_BOUND = Duration.ofSeconds(120);

    private FaultPlan() {
    }

    /** The nemeses the schedule draws from, arranged as the options ask. */
    public static List<Nemesis> apply(List<Nemesis> nemeses, NemesisOptions options) {
        options.nonNegative(NemesisSettings.FAULT_COUNT.key()); // these two are read by the schedule; refused here, before the run
        options.nonNegative(NemesisSettings.COORDINATOR_EPOCH_AT.key());
        List<Nemesis> plan = nemeses;
        if (options.flag("recover-between")) plan = plan.stream().<Nemesis>map(Recovering::new).toList();
        if (options.choice("fault-order", Set.of("random", "cycle")).equals("cycle") && plan.size() > 1) {
            plan = List.of(new Cycle(plan));
        }
        return plan;
    }


    /** The listed nemeses in turn, one per injection. */
    private static final class Cycle implements Nemesis {
        private final List<Nemesis> nemeses;
        private int next;

        Cycle(List<Nemesis> nemeses) {
            this.nemeses = List.copyOf(nemeses);
        }

        @Override
        public String name() {
            return nemeses.stream().map(Nemesis::name).collect(Collectors.joining(","));
        }

        @Override
        public synchronized Fault inject(NemesisContext context) {
            Nemesis n = nemeses.get(next);
            next = (next + 1) % nemeses.size();
            return n.inject(context);
        }

        @Override
        public Set<Capability> requires() {
            return nemeses.stream().flatMap(n -> n.requires().stream()).collect(Collectors.toUnmodifiableSet());
        }
    }

    /** A nemesis whose heal returns only once the topic's ISRs are full again (bounded). */
    private record Recovering(Nemesis inner) implements Nemesis {
        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public Fault inject(NemesisContext context) {
            Fault f = inner.inject(context);
            if (f == Fault.NONE) return f;
            return new Fault() {
                @Override
                public String description() {
                    return f.description();
                }

                @Override
                public void heal() {
                    f.heal();
                    Await.until(() -> context.topic().fullIsr(), RECOVERY_BOUND);
                }
            };
        }

        @Override
        public Set<Capability> requires() {
            return inner.requires();
        }
    }
}
