package io.kchaos.harness.launch;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.AclAuthorizer;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.WorkloadMix;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kafka release a run's brokers start from and the settings they get: kchaos's defaults overlaid with the user's,
 * each user key checked against that release's own broker config definitions.
 */
public record BrokerRelease(KafkaDistribution distribution, Map<String, String> settings) {
    /**
     * Resolves {@code --kafka-version} (from Maven Central on first use), else {@code --kafka-home}, else the bundled
     * release; throws IllegalArgumentException (one line) for a setting the release refuses or does not define, and
     * says on {@code out} which of kchaos's own defaults it will ignore. Client keys are checked against kafka-clients'
     * names when the run's clients are Java's ({@code javaClients}).
     */
    public static BrokerRelease resolve(RunConfig config, String kafkaVersion, boolean javaClients, PrintStream out) {
        SettingNames.check(config.cluster().brokerConfig(), config.clients().producerConfig(), config.clients().consumerConfig(), javaClients);
        KafkaDistribution dist = kafkaVersion != null ? KafkaDistribution.forVersion(kafkaVersion, out)
                : config.cluster().kafkaHome() == null ? KafkaDistribution.bundled() : KafkaDistribution.fromHome(config.cluster().kafkaHome());
        Map<String, String> settings = new LinkedHashMap<>(ServerProperties.harnessDefaults(config.cluster().nodes()));
        settings.putAll(config.cluster().brokerConfig());
        dist.profile().check(settings);
        List<String> unknown = new ArrayList<>(dist.unknownSettings(settings));
        SettingNames.refuseUnknownBroker(dist.version(), unknown.stream().filter(config.cluster().brokerConfig()::containsKey).toList());
        if (!unknown.isEmpty()) {
            out.println("warning: Kafka " + dist.version() + " does not define kchaos's default broker setting(s) " + unknown + "; its brokers ignore them");
        }
        return new BrokerRelease(dist, settings);
    }

    /**
     * The same release with more of kchaos's own settings (a tiered run's plugin settings, known only once the run
     * folder is): each goes where kchaos's defaults are, under the user's {@code --broker-config}, whose keys keep the
     * user's value.
     */
    public BrokerRelease withKchaosSettings(Map<String, String> more, Map<String, String> userSettings) {
        Map<String, String> merged = new LinkedHashMap<>(settings);
        more.forEach((k, v) -> {
            if (!userSettings.containsKey(k)) merged.put(k, v);
        });
        return new BrokerRelease(distribution, merged);
    }

    /**
     * The same release with the authorizer settings ({@link AclAuthorizer}) when {@code config}'s workload needs them
     * (the acl workload), as kchaos's own settings under the user's {@code --broker-config}; else this release.
     */
    public BrokerRelease withAuthorizerOf(RunConfig config) {
        if (!WorkloadMix.of(config.load().name()).authorizer()) return this;
        return withKchaosSettings(AclAuthorizer.settings(), config.cluster().brokerConfig());
    }
}
