package io.kchaos.workload.acl;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.security.scram.ScramLoginModule;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The probe principal's SCRAM user ({@value #NAME}) with a random password made for the workload: its credential
 * created over the run's own login, and the client settings that log in as it (the run's settings with this user's
 * JAAS line). The password is never printed ({@link #toString()} leaves it out) nor written.
 */
final class ProbeUser {
    /** The probe user's name; its principal is {@link #PRINCIPAL}. */
    static final String NAME = "kchaos-acl-probe";
    static final String PRINCIPAL = "User:" + NAME;
    private static final int ITERATIONS = 8192;
    private static final long TIMEOUT_MS = 15_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String password;
    private final ScramMechanism mechanism;

    private ProbeUser(String password, ScramMechanism mechanism) {
        this.password = password;
        this.mechanism = mechanism;
    }

    /**
     * A new user for a run whose client settings are {@code runSecurity}, over their SCRAM mechanism; an
     * IllegalArgumentException when they log in with no SCRAM mechanism (the harness refuses such runs before).
     */
    static ProbeUser forRun(Map<String, String> runSecurity) {
        String name = runSecurity.get(SaslConfigs.SASL_MECHANISM);
        ScramMechanism m = name == null ? ScramMechanism.UNKNOWN : ScramMechanism.fromMechanismName(name);
        if (m == ScramMechanism.UNKNOWN) throw new IllegalArgumentException("the acl workload needs a SASL/SCRAM login, not " + name);
        byte[] b = new byte[18];
        RANDOM.nextBytes(b);
        return new ProbeUser(Base64.getUrlEncoder().withoutPadding().encodeToString(b), m);
    }

    /** Creates (or replaces) the user's credential; returns once the controller acknowledged it. */
    void create(Admin admin) throws Exception {
        admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(NAME, new ScramCredentialInfo(mechanism, ITERATIONS), password)))
                .all().get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    /** {@code runSecurity} with this user's login in place of the run's (secrets: never print them). */
    Map<String, String> clientSettings(Map<String, String> runSecurity) {
        Map<String, String> s = new HashMap<>(runSecurity);
        s.put(SaslConfigs.SASL_JAAS_CONFIG, ScramLoginModule.class.getName() + " required username=\"" + NAME + "\" password=\"" + password + "\";");
        return s;
    }

    @Override
    public String toString() {
        return "ProbeUser[" + NAME + ", " + mechanism.mechanismName() + "]";
    }
}
