package io.kchaos.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.QuorumInfo;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * What the metadata quorum itself says when brokers do not register in time, asked at the controllers
 * ({@code bootstrap.controllers}) since no broker answers: its leader, epoch and high watermark, and the
 * {@code metadata.version} it finalized. A quorum that committed records but no {@code metadata.version} is named as
 * KAFKA-20839 (bootstrap records lost to a leader change during activation), which no broker of 4.x can register with.
 *
 * @param leader           the quorum's leader, empty if none or not known
 * @param epoch            its leader epoch, -1 if not known
 * @param highWatermark    the quorum's high watermark, empty if not known
 * @param metadataVersion  the finalized {@code metadata.version} level, empty if none is finalized
 * @param error            why the quorum could not be asked, empty if it answered
 */
public record QuorumDiagnosis(OptionalInt leader, long epoch, OptionalLong highWatermark, Optional<Short> metadataVersion, Optional<String> error) {
    /** {@code metadata.version} 3.3-IV3, the oldest a 4.x broker supports; 3.0-IV1 (level 1) is where KAFKA-20839 leaves it. */
    static final short OLDEST_4X_LEVEL = 7;
    private static final int TIMEOUT_S = 5;

    /** Asks the cluster's controllers; empty where the backend does not expose them or the quorum is secured. */
    public static Optional<QuorumDiagnosis> read(KafkaCluster cluster) {
        if (cluster.controllerAddresses().isEmpty() || !cluster.clientSecurity().isEmpty()) return Optional.empty();
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG, String.join(",", cluster.controllerAddresses()));
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, TIMEOUT_S * 1000);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_S * 1000);
        try (Admin admin = Admin.create(p)) {
            QuorumInfo q = admin.describeMetadataQuorum().quorumInfo().get(TIMEOUT_S, TimeUnit.SECONDS);
            FinalizedVersionRange mv = admin.describeFeatures().featureMetadata().get(TIMEOUT_S, TimeUnit.SECONDS)
                    .finalizedFeatures().get("metadata.version");
            return Optional.of(new QuorumDiagnosis(q.leaderId() >= 0 ? OptionalInt.of(q.leaderId()) : OptionalInt.empty(), q.leaderEpoch(),
                    q.highWatermark() >= 0 ? OptionalLong.of(q.highWatermark()) : OptionalLong.empty(), Optional.ofNullable(mv).map(FinalizedVersionRange::maxVersionLevel),
                    Optional.empty()));
        } catch (Exception e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return Optional.of(new QuorumDiagnosis(OptionalInt.empty(), -1, OptionalLong.empty(), Optional.empty(),
                    Optional.of(c.getMessage() != null ? c.getMessage() : c.getClass().getSimpleName())));
        }
    }

    /** True when the quorum answered with a leader but its {@code metadata.version} is missing or older than any 4.x broker takes. */
    public boolean lostBootstrap() {
        return error.isEmpty() && leader.isPresent() && metadataVersion.map(l -> l < OLDEST_4X_LEVEL).orElse(true);
    }

    /** One clause for a start-up failure line: "; the quorum: leader 4 in epoch 2, high watermark 12, metadata.version 27". */
    public String clause() {
        if (error.isPresent()) return "; the quorum did not answer at its controllers: " + error.get();
        if (leader.isEmpty()) return "; the quorum has no leader (epoch " + epoch + ")";
        String hw = highWatermark.isPresent() ? ", high watermark " + highWatermark.getAsLong() : "";
        String mv = metadataVersion.map(l -> ", metadata.version level " + l).orElse(", no metadata.version finalized");
        String named = lostBootstrap()
                ? " — the bootstrap records were lost to a leader change during the controller's activation (KAFKA-20839)"
                : "";
        return "; the quorum: leader " + leader.getAsInt() + " in epoch " + epoch + hw + mv + named;
    }
}
