package io.kchaos.workload;

import io.kchaos.history.folder.RunFields;

import java.util.Map;

/**
 * A capability a workload needs that older kafka-clients releases lack, with the release that brought it; a workload
 * asks {@link ClientKind#supports} before using it, and refuses explicit settings that need it ({@link #refusal}).
 */
public enum ClientFeature {
    CONSUMER_GROUP_PROTOCOL("the consumer group protocol (KIP-848, GA)", "4.0"),
    CRASH_MEMBER("closing a group member without leaving the group (CloseOptions, KIP-1092)", "4.1");

    private final String what;
    private final String since;

    ClientFeature(String what, String since) {
        this.what = what;
        this.since = since;
    }

    /** The first kafka-clients release with it, as MAJOR.MINOR. */
    public String since() {
        return since;
    }

    /** Why {@code asked} (an explicit setting) cannot run on {@code client}, in one line. */
    public String refusal(String asked, ClientKind client) {
        Map<String, String> d = client.describe();
        return asked + " needs " + what + ", in kafka-clients " + since + " and later; this run's client is "
                + d.get(RunFields.Client.KIND) + " " + d.get(RunFields.Client.VERSION);
    }
}
