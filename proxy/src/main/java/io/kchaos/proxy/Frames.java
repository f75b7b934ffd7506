package io.kchaos.proxy;

import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ResponseHeader;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * Encodes a decoded request back into its size-prefixed wire frame, and reads the errors out of a response frame, with
 * Kafka's own message classes: what the proxy needs to deliver a request on a connection of its own.
 */
final class Frames {
    private Frames() {
    }

    /** The request's frame (4-byte size, header, body), copied out now so it outlives the proxy's buffers. */
    static byte[] encode(ApiKeys api, RequestHeaderData header, ApiMessage body) {
        short version = header.requestApiVersion();
        short headerVersion = api.requestHeaderVersion(version);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int headerSize = header.size(cache, headerVersion);
        int bodySize = body.size(cache, version);
        ByteBuffer buf = ByteBuffer.allocate(4 + headerSize + bodySize);
        buf.putInt(headerSize + bodySize);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        header.write(out, cache, headerVersion);
        body.write(out, cache, version);
        return buf.array();
    }

    /** Error name → count in a response body (without its size prefix), e.g. {@code {NONE=1}}. */
    static Map<String, Integer> errors(ApiKeys api, short version, ByteBuffer response) {
        ResponseHeader.parse(response, api.responseHeaderVersion(version));
        Map<String, Integer> out = new TreeMap<>();
        for (Map.Entry<Errors, Integer> e : AbstractResponse.parseResponse(api, response, version).errorCounts().entrySet()) {
            out.put(e.getKey().name(), e.getValue());
        }
        return out;
    }
}
