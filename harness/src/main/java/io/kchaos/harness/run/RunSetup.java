package io.kchaos.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.harness.upgrade.UpgradeSchedule;
import io.kchaos.nemesis.replay.RecordedSchedule;
import io.kchaos.workload.ClientKind;
import io.kchaos.workload.common.JavaClientKind;

import java.util.Optional;

/**
 * What a run resolved from its settings before it starts: the brokers (release, settings, heap), the client library of
 * the workload's producers and pollers, a rolling upgrade, and a recorded fault schedule to replay instead of drawing
 * faults. Part of {@link RunConfig}, the one plan of a run.
 *
 * @param brokers the cluster the backend starts (null until the release is resolved, and in tests without one)
 * @param client  the client library ({@code --client}, {@code --client-version})
 * @param upgrade the rolling upgrade ({@code --upgrade-to}), if any
 * @param replay  the replayed schedule ({@code --replay-faults}), if any
 */
public record RunSetup(ClusterSpec brokers, ClientKind client, Optional<UpgradeSchedule> upgrade, Optional<Replay> replay) {
    /** Nothing resolved yet: the built-in Java client, no upgrade, no replay. */
    public static final RunSetup NONE = new RunSetup(null, JavaClientKind.INSTANCE, Optional.empty(), Optional.empty());

    /**
     * A recorded fault schedule to replay; {@code of} goes into run.json as {@code replay-of}: which run, which of its faults.
     */
    public record Replay(RecordedSchedule schedule, ObjectNode of) {
    }

    public RunSetup withBrokers(ClusterSpec spec) {
        return new RunSetup(spec, client, upgrade, replay);
    }

    public RunSetup withClient(ClientKind kind) {
        return new RunSetup(brokers, kind, upgrade, replay);
    }

    public RunSetup withUpgrade(UpgradeSchedule schedule) {
        return new RunSetup(brokers, client, Optional.ofNullable(schedule), replay);
    }

    public RunSetup withReplay(RecordedSchedule schedule, ObjectNode of) {
        return new RunSetup(brokers, client, upgrade, Optional.of(new Replay(schedule, of)));
    }
}
