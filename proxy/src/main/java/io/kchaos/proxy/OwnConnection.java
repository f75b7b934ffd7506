package io.kchaos.proxy;

import org.apache.kafka.common.protocol.ApiKeys;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Delivers one request frame to a broker on a fresh connection of the proxy's own and reads its answer: how a held
 * request reaches the broker after its client gave up on it (the client's own connection may be long closed), and how
 * a request is delivered a second time.
 */
final class OwnConnection {
    private static final int TIMEOUT_MS = 15_000;

    private OwnConnection() {
    }

    /** Sends the frame to {@code host:port}; returns the errors of the broker's answer, e.g. {@code {NONE=1}}. */
    static Map<String, Integer> deliver(String hostPort, ApiKeys api, short version, byte[] frame) throws IOException {
        int colon = hostPort.lastIndexOf(':');
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))), TIMEOUT_MS);
            s.setSoTimeout(TIMEOUT_MS);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            out.write(frame);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] response = new byte[in.readInt()];
            in.readFully(response);
            return Frames.errors(api, version, ByteBuffer.wrap(response));
        }
    }
}
