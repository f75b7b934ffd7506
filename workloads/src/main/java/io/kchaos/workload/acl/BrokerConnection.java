package io.kchaos.workload.acl;

import org.apache.kafka.common.protocol.Errors;

import java.io.IOException;

/** One broker as a probe loop sees it over its own connection, logged in as the probe principal. */
interface BrokerConnection extends AutoCloseable {
    /** The offset of the metadata image the broker has published (its own ApiVersions answer); -1 when none yet. */
    long publishedOffset() throws IOException;

    /** Sends {@code right}'s probe request for {@code topic} and returns the error its answer carries. */
    Errors probe(ProbedRight right, String topic) throws IOException;

    @Override
    void close();
}
