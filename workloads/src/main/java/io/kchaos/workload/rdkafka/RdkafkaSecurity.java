package io.kchaos.workload.rdkafka;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A secured run's client settings as the Java clients take them ({@code security.protocol}, a PKCS12 truststore and
 * keystore, {@code sasl.mechanism} and a JAAS login) in librdkafka's names: the truststore's certificates as an inline
 * PEM ({@code ssl.ca.pem}; librdkafka reads no PKCS12 truststore), the keystore as is ({@code ssl.keystore.*}), the
 * SASL mechanism and the login's user name and password ({@code sasl.mechanisms}, {@code sasl.username},
 * {@code sasl.password}). They hold secrets: never written, and they reach the driver on its standard input only.
 */
final class RdkafkaSecurity {
    private static final Pattern JAAS_OPTION = Pattern.compile("(username|password)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private RdkafkaSecurity() {
    }

    /** The librdkafka settings for the Java settings {@code java} (empty stays empty); IllegalArgumentException if unreadable. */
    static Map<String, String> of(Map<String, String> java) {
        Map<String, String> rd = new LinkedHashMap<>();
        if (java.isEmpty()) return rd;
        rd.put("security.protocol", java.get("security.protocol"));
        String truststore = java.get("ssl.truststore.location");
        if (truststore != null) rd.put("ssl.ca.pem", pem(Path.of(truststore), java.get("ssl.truststore.password")));
        String keystore = java.get("ssl.keystore.location");
        if (keystore != null) {
            rd.put("ssl.keystore.location", keystore);
            rd.put("ssl.keystore.password", java.get("ssl.keystore.password"));
        }
        String mechanism = java.get("sasl.mechanism");
        if (mechanism != null) {
            rd.put("sasl.mechanisms", mechanism);
            Matcher m = JAAS_OPTION.matcher(java.getOrDefault("sasl.jaas.config", ""));
            while (m.find()) rd.put("sasl." + m.group(1), m.group(2).replaceAll("\\\\(.)", "$1"));
            if (!rd.containsKey("sasl.username") || !rd.containsKey("sasl.password")) {
                throw new IllegalArgumentException("the run's SASL login names no username and password for librdkafka");
            }
        }
        return rd;
    }

    /** Every certificate of a PKCS12 truststore, PEM-encoded one after another. */
    static String pem(Path truststore, String password) {
        try (InputStream in = Files.newInputStream(truststore)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password == null ? null : password.toCharArray());
            StringBuilder out = new StringBuilder();
            for (String alias : Collections.list(ks.aliases())) {
                Certificate c = ks.getCertificate(alias);
                if (c == null) continue;
                out.append("-----BEGIN CERTIFICATE-----\n")
                        .append(Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(c.getEncoded()))
                        .append("\n-----END CERTIFICATE-----\n");
            }
            return out.toString();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the run's truststore " + truststore + " for librdkafka: " + e.getMessage());
        }
    }
}
