package io.kchaos.cluster.security;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The authorizer every node (brokers and controllers) of a run with the acl workload runs: KRaft's StandardAuthorizer,
 * the run's SASL user ({@link SaslUser#NAME}, which the nodes and every kchaos client log in as) a super user so
 * that nothing else of the run is refused, and no access where no ACL grants it.
 */
public final class AclAuthorizer {
    public static final String CLASS_NAME = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";

    private AclAuthorizer() {
    }

    /** The nodes' settings. */
    public static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("authorizer.class.name", CLASS_NAME);
        s.put("super.users", "User:" + SaslUser.NAME);
        s.put("allow.everyone.if.no.acl.found", "false");
        return s;
    }
}
