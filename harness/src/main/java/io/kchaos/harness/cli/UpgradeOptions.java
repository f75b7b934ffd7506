package io.kchaos.harness.cli;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.version.KafkaVersion;
import io.kchaos.cluster.version.UpgradePath;
import io.kchaos.harness.upgrade.UpgradeSchedule;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** {@code kchaos run}'s rolling-upgrade options (--upgrade-to, --downgrade-to and their timings), checked and resolved. */
public final class UpgradeOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--upgrade-to", paramLabel = "X.Y.Z")
    String upgradeTo;

    @Option(names = "--downgrade-to", paramLabel = "X.Y.Z")
    String downgradeTo;

    @Option(names = "--upgrade-at", paramLabel = "SECONDS")
    double upgradeAt;

    @Option(names = "--upgrade-hold", paramLabel = "SECONDS")
    double upgradeHold;

    @Option(names = "--upgrade-node-timeout", paramLabel = "SECONDS")
    double upgradeNodeTimeout;

    /**
     * The rolling upgrade asked for, checked before anything is resolved or started; null when none. {@code start} gives
     * the release the run starts on (asked only when there is an upgrade).
     */
    UpgradePath path(Backend backend, Supplier<String> start) {
        if (upgradeTo == null && downgradeTo == null) return null;
        if (backend != Backend.LOCAL) throw bad("--upgrade-to and --downgrade-to need --backend local");
        if (!(upgradeAt >= 0) || !(upgradeHold >= 0) || !(upgradeNodeTimeout > 0)) {
            throw bad("--upgrade-at and --upgrade-hold must be >= 0 seconds, --upgrade-node-timeout > 0");
        }
        KafkaVersion from = KafkaVersion.parse(start.get());
        if (upgradeTo == null) throw UpgradePath.downgradeAfterFinalizing(from, KafkaVersion.parse(downgradeTo));
        return UpgradePath.of(from, KafkaVersion.parse(upgradeTo), downgradeTo == null ? null : KafkaVersion.parse(downgradeTo));
    }

    /**
     * Resolves the jar sets on the path (from Maven Central the first time), the broker settings each release takes
     * (asked of its jars now, while the run's client log can be written) and the step's timings.
     */
    UpgradeSchedule schedule(UpgradePath path, KafkaDistribution startDist, Map<String, String> settings) {
        Map<KafkaVersion, KafkaDistribution> dists = new LinkedHashMap<>();
        dists.put(path.from(), startDist);
        dists.put(path.to(), KafkaDistribution.forVersion(path.to().toString(), System.out));
        path.downgradeTo().ifPresent(d -> dists.put(d, KafkaDistribution.forVersion(d.toString(), System.out)));
        Map<KafkaVersion, Map<String, String>> adapted = new LinkedHashMap<>();
        dists.forEach((v, d) -> adapted.put(v, d.adaptSettings(settings)));
        System.out.println("rolling upgrade " + path + ", starting " + upgradeAt + " s into the run");
        return new UpgradeSchedule(path, dists, adapted, seconds(upgradeAt), seconds(upgradeNodeTimeout), seconds(upgradeHold));
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis((long) (s * 1000));
    }

    private ParameterException bad(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
