package io.kchaos.proxy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.protocol.ApiKeys;

/**
 * The fields every recorded action carries: which rule, which request (API key, version, correlation id; none for a
 * link rule, which acts on a connection's bytes) of which client on which connection to which node.
 */
record ActionFields(String rule, String fault, ApiKeys api, short version, int correlation, int node, String client,
                    String connection, String transactionalId, ObjectNode request) {

    /** A new action record with these fields and what was done. */
    ObjectNode action(String did) {
        ObjectNode o = ActionLog.JSON.createObjectNode();
        o.put("rule", rule);
        o.put("fault", fault);
        if (api != null) {
            o.put("api", api.name());
            o.put("version", version);
            o.put("correlation", correlation);
        }
        o.put("node", node);
        o.put("client", client);
        o.put("connection", connection);
        if (transactionalId != null) o.put("transactional-id", transactionalId);
        if (request != null) o.set("request", request.deepCopy());
        o.put("did", did);
        return o;
    }
}
