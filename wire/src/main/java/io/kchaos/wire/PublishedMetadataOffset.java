package io.kchaos.wire;

import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;

import java.io.IOException;

/**
 * The offset of the metadata image one broker has published, as that broker alone answers ApiVersions (version 3, which
 * every release kchaos runs serves): a KRaft broker's {@code FinalizedFeaturesEpoch} is the highest offset its metadata
 * cache's image contains, the image its Metadata and DescribeConfigs answers are served from. No epoch comes with it.
 * Whether it holds an offset: {@code io.kchaos.history.ImageOffsets}.
 */
public final class PublishedMetadataOffset {
    private static final short VERSION = 3;

    private PublishedMetadataOffset() {
    }

    /** The broker's published metadata offset; -1 when it reports none (no image published yet). */
    public static long read(String host, int port, int timeoutMs) throws IOException {
        return read(NodeDialer.PLAIN, -1, host, port, timeoutMs);
    }

    /** The same, asked of node {@code nodeId} through {@code dialer} (a secured listener's login). */
    public static long read(NodeDialer dialer, int nodeId, String host, int port, int timeoutMs) throws IOException {
        return of((ApiVersionsResponse) dialer.send(nodeId, host, port, new ApiVersionsRequest.Builder(VERSION), VERSION, timeoutMs));
    }

    /** The same, asked over {@code client}'s own (secured) connection to its node. */
    public static long read(AuthenticatedNodeClient client, int timeoutMs) throws IOException {
        return of((ApiVersionsResponse) client.send(new ApiVersionsRequest.Builder(VERSION), timeoutMs));
    }

    private static long of(ApiVersionsResponse r) throws IOException {
        ApiVersionsResponseData d = r.data();
        if (d.errorCode() != Errors.NONE.code()) throw new IOException("ApiVersions: " + Errors.forCode(d.errorCode()).name());
        return d.finalizedFeaturesEpoch();
    }
}
