package io.kchaos.cluster.security;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code ssl.*} settings that point a node or a client at a run's PKCS12 stores, the same keys on both sides. */
final class StoreSettings {
    private StoreSettings() {
    }

    /** The truststore: the run's CA. */
    static Map<String, String> truststore(RunCertificates.Stores stores) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("ssl.truststore.type", RunCertificates.STORE_TYPE);
        s.put("ssl.truststore.location", stores.truststore().toAbsolutePath().toString());
        s.put("ssl.truststore.password", stores.password());
        return s;
    }

    /** A keystore: the key and certificate presented. */
    static Map<String, String> keystore(Path keystore, RunCertificates.Stores stores) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("ssl.keystore.type", RunCertificates.STORE_TYPE);
        s.put("ssl.keystore.location", keystore.toAbsolutePath().toString());
        s.put("ssl.keystore.password", stores.password());
        s.put("ssl.key.password", stores.password());
        return s;
    }
}
