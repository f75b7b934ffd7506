package io.kchaos.testkit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 4 s broker session (Kafka's default is 9 s) of the cluster tests whose time goes to killed or cut brokers. A
 * SIGKILLed broker started again is refused registration (DuplicateBrokerRegistrationException) until its old session
 * expired, counted after a restart of the controllers from the new active controller's start, and a broker cut from the
 * controller is fenced only once its session expired, so the session paces each such fault (docs/testing.md, fifteenth
 * session). kchaos's own default stays Kafka's: what an operator validates is the broker's own setting.
 */
public final class ShortBrokerSession {
    /** The setting's name. */
    public static final String KEY = "broker.session.timeout.ms";
    /** Its value, milliseconds. */
    public static final String VALUE = "4000";
    /** As a run's {@code --broker-config} takes it. */
    public static final String BROKER_CONFIG = KEY + "=" + VALUE;

    private ShortBrokerSession() {
    }

    /** A copy of {@code settings} with the short session (what a cluster spec or server.properties is made from). */
    public static Map<String, String> with(Map<String, String> settings) {
        Map<String, String> m = new LinkedHashMap<>(settings);
        m.put(KEY, VALUE);
        return m;
    }
}
