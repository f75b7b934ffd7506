package io.kchaos.proxy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.message.EndTxnRequestData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.protocol.ApiMessage;

/** What an action records of the request itself where it matters: an EndTxn's producer id, epoch and commit or abort. */
final class RequestDetails {
    private RequestDetails() {
    }

    /** The details of {@code body}, or null for a kind of request without any worth recording. */
    static ObjectNode of(ApiMessage body) {
        if (body instanceof EndTxnRequestData e) {
            ObjectNode o = ActionLog.JSON.createObjectNode();
            o.put("producer-id", e.producerId());
            o.put("producer-epoch", e.producerEpoch());
            o.put("result", e.committed() ? "commit" : "abort");
            return o;
        }
        if (body instanceof InitProducerIdRequestData i) {
            ObjectNode o = ActionLog.JSON.createObjectNode();
            o.put("producer-id", i.producerId());
            o.put("producer-epoch", i.producerEpoch());
            return o;
        }
        return null;
    }
}
