package io.kchaos.checker.result;

/**
 * Where an anomaly's evidence comes from: the client history, the brokers' own files (the replica audit), the KRaft
 * metadata log's files (the Raft audit), or the
 * availability figures (which today report figures only, never an anomaly: unavailability is not unsafety).
 */
public enum AnomalyFamily {
    CLIENT("client"),
    REPLICA("replica"),
    RAFT("raft"),
    AVAILABILITY("availability");

    private final String key;

    AnomalyFamily(String key) {
        this.key = key;
    }

    /** The family's name as printed by {@code kchaos anomalies}. */
    public String key() {
        return key;
    }
}
