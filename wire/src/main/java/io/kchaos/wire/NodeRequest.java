package io.kchaos.wire;

import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.RequestHeader;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * One Kafka request sent to one broker over its own plaintext connection, so that the answer is that broker's own
 * view: Kafka's Admin sends metadata and topic-config requests to whichever node it likes, which cannot tell one
 * broker's metadata from another's (the metadata workload's reads, a nemesis reading a config back from every broker).
 * Plaintext listeners only, which is what kchaos's clusters run.
 */
public final class NodeRequest {
    private static final String CLIENT_ID = "kchaos-node-request";
    private static final int MAX_RESPONSE_BYTES = 64 << 20;

    private NodeRequest() {
    }

    /** Sends {@code builder}'s request at {@code version} to host:port and returns the parsed response. */
    public static AbstractResponse send(String host, int port, AbstractRequest.Builder<?> builder, short version, int timeoutMs)
            throws IOException {
        AbstractRequest request = builder.build(version);
        RequestHeader header = new RequestHeader(request.apiKey(), version, CLIENT_ID, 1);
        ByteBuffer bytes = request.serializeWithHeader(header);
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            s.setSoTimeout(timeoutMs);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            byte[] frame = new byte[bytes.remaining()];
            bytes.get(frame);
            out.writeInt(frame.length);
            out.write(frame);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            int size = in.readInt();
            if (size < 0 || size > MAX_RESPONSE_BYTES) throw new IOException("response of " + size + " bytes from " + host + ":" + port);
            byte[] response = new byte[size];
            in.readFully(response);
            return AbstractResponse.parseResponse(ByteBuffer.wrap(response), header);
        }
    }
}
