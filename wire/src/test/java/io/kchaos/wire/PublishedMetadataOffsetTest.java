package io.kchaos.wire;

import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ApiVersions v3 to one node, answered by a fake broker on loopback: the finalized-features epoch is the published offset;
 * and the catch-up rule, an image must hold every offset below the high watermark it is compared with.
 */
class PublishedMetadataOffsetTest {
    @Test
    void theFinalizedFeaturesEpochIsThePublishedOffset() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Thread broker = new Thread(() -> answer(server, 811));
            broker.start();
            assertEquals(811, PublishedMetadataOffset.read("127.0.0.1", server.getLocalPort(), 5_000));
            broker.join(5_000);
        }
    }

    /** Reads one request and answers it with an ApiVersions response carrying {@code epoch}. */
    private static void answer(ServerSocket server, long epoch) {
        try (Socket s = server.accept()) {
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] request = new byte[in.readInt()];
            in.readFully(request);
            RequestHeader header = RequestHeader.parse(ByteBuffer.wrap(request));
            ByteBuffer body = MessageUtil.toByteBufferAccessor(new ApiVersionsResponseData().setFinalizedFeaturesEpoch(epoch), header.apiVersion()).buffer();
            byte[] out = new byte[body.remaining()];
            body.get(out);
            DataOutputStream o = new DataOutputStream(s.getOutputStream());
            o.writeInt(4 + out.length); // ApiVersions answers with response header v0: the correlation id alone
            o.writeInt(header.correlationId());
            o.write(out);
            o.flush();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
