package io.kchaos.harness.run;

import io.kchaos.cluster.KafkaCluster;

import java.lang.reflect.Proxy;
import java.util.Map;

/** Test helper: a cluster that answers only what run.json's cluster section asks ({@link RunRecord#cluster}). */
final class RecordedCluster {
    private RecordedCluster() {
    }

    static KafkaCluster of(Map<String, String> brokerSettings) {
        return (KafkaCluster) Proxy.newProxyInstance(KafkaCluster.class.getClassLoader(), new Class<?>[]{KafkaCluster.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "kafkaVersion" -> "4.4.0";
                    case "software" -> Map.of();
                    case "brokerSettings" -> brokerSettings;
                    case "describe" -> "fake";
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }
}
