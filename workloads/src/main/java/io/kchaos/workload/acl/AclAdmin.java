package io.kchaos.workload.acl;

import org.apache.kafka.common.acl.AclBinding;

/** What the changer asks of the cluster: the metadata quorum's high watermark, and a binding created or deleted. */
interface AclAdmin {
    /** The quorum's high watermark as its leader answers {@code describeMetadataQuorum}; -1 when it cannot be read. */
    long highWatermark() throws InterruptedException;

    /** Creates {@code binding}; returns once the controller acknowledged it, throws its error otherwise. */
    void grant(AclBinding binding) throws Exception;

    /** Deletes {@code binding}; returns once the controller acknowledged it, throws its error otherwise. */
    void revoke(AclBinding binding) throws Exception;
}
