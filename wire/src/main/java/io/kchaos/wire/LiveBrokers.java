package io.kchaos.wire;

import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The brokers one broker alone counts as live, as its own Metadata answer (version {@value #VERSION}, served by every
 * release kchaos runs) lists them: a KRaft broker lists the brokers its published metadata image holds registered and
 * unfenced. A restarted broker answers only once it has caught up with its new registration, so its listing itself
 * means that incarnation was unfenced.
 */
public final class LiveBrokers {
    static final short VERSION = 12;

    private LiveBrokers() {
    }

    /** The ids of the live brokers in the answer of the broker at host:port. */
    public static Set<Integer> read(String host, int port, int timeoutMs) throws IOException {
        return read(NodeDialer.PLAIN, -1, host, port, timeoutMs);
    }

    /** The same, asked of node {@code nodeId} through {@code dialer} (a secured listener's login). */
    public static Set<Integer> read(NodeDialer dialer, int nodeId, String host, int port, int timeoutMs) throws IOException {
        MetadataResponse r = (MetadataResponse) dialer.send(nodeId, host, port, new MetadataRequest.Builder(List.of(), false, VERSION, VERSION),
                VERSION, timeoutMs);
        Set<Integer> ids = new TreeSet<>();
        for (MetadataResponseData.MetadataResponseBroker b : r.data().brokers()) ids.add(b.nodeId());
        return ids;
    }
}
