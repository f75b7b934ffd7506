package io.kchaos.proxy;

import org.apache.kafka.common.message.EndTxnRequestData;
import org.apache.kafka.common.message.EndTxnResponseData;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuleAndFramesTest {
    @Test
    void aHoldRuleClaimsOneMatchingRequestOfItsNodeAndTransactionalIdOnly() throws Exception {
        Rule r = Rule.parse(ActionLog.JSON.readTree(
                "{\"id\":\"r\",\"kind\":\"hold\",\"apis\":[\"END_TXN\"],\"node\":2,\"transactional-id\":\"t1\",\"release-after\":\"PRODUCE\"}"));
        assertFalse(r.claims(ApiKeys.PRODUCE, 2, "c", "t1"));
        assertFalse(r.claims(ApiKeys.END_TXN, 1, "c", "t1"));
        assertFalse(r.claims(ApiKeys.END_TXN, 2, "c", "t2"));
        assertTrue(r.claims(ApiKeys.END_TXN, 2, "c", "t1"));
        assertFalse(r.claims(ApiKeys.END_TXN, 2, "c", "t1"), "a hold takes one request by default");
        assertEquals(ApiKeys.PRODUCE, r.releaseAfter);
    }

    @Test
    void badRulesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Rule.parse(ActionLog.JSON.readTree("{\"id\":\"r\",\"kind\":\"error\",\"apis\":[\"PRODUCE\"]}")));
        assertThrows(IllegalArgumentException.class, () -> Rule.parse(ActionLog.JSON.readTree("{\"id\":\"r\",\"kind\":\"delay\",\"apis\":[]}")));
    }

    @Test
    void anEncodedRequestParsesBackWithKafkasOwnClassesAndAResponsesErrorsAreRead() {
        short v = 4;
        RequestHeaderData h = new RequestHeaderData().setRequestApiKey(ApiKeys.END_TXN.id).setRequestApiVersion(v)
                .setCorrelationId(42).setClientId("producer-1");
        EndTxnRequestData body = new EndTxnRequestData().setTransactionalId("t1").setProducerId(7).setProducerEpoch((short) 3).setCommitted(true);
        ByteBuffer frame = ByteBuffer.wrap(Frames.encode(ApiKeys.END_TXN, h, body));
        assertEquals(frame.remaining() - 4, frame.getInt());
        RequestHeader parsed = RequestHeader.parse(frame);
        assertEquals(42, parsed.correlationId());
        EndTxnRequestData back = new EndTxnRequestData(new ByteBufferAccessor(frame), v);
        assertEquals(body, back);

        ObjectSerializationCache cache = new ObjectSerializationCache();
        ResponseHeaderData rh = new ResponseHeaderData().setCorrelationId(42);
        EndTxnResponseData resp = new EndTxnResponseData().setErrorCode(Errors.PRODUCER_FENCED.code());
        short rhv = ApiKeys.END_TXN.responseHeaderVersion(v);
        ByteBuffer out = ByteBuffer.allocate(rh.size(cache, rhv) + resp.size(cache, v));
        rh.write(new ByteBufferAccessor(out), cache, rhv);
        resp.write(new ByteBufferAccessor(out), cache, v);
        out.flip();
        assertEquals(Map.of("PRODUCER_FENCED", 1), Frames.errors(ApiKeys.END_TXN, v, out));
    }
}
