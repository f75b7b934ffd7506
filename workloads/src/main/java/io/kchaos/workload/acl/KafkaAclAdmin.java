package io.kchaos.workload.acl;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AclBinding;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link AclAdmin} on Kafka's Admin client: describeMetadataQuorum, createAcls and deleteAcls, each bounded. */
final class KafkaAclAdmin implements AclAdmin {
    static final long QUORUM_TIMEOUT_MS = 5_000;
    static final long CHANGE_TIMEOUT_MS = 15_000;

    private final Admin admin;

    KafkaAclAdmin(Admin admin) {
        this.admin = admin;
    }

    @Override
    public long highWatermark() throws InterruptedException {
        try {
            return admin.describeMetadataQuorum().quorumInfo().get(QUORUM_TIMEOUT_MS, TimeUnit.MILLISECONDS).highWatermark();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return -1;
        }
    }

    @Override
    public void grant(AclBinding binding) throws Exception {
        admin.createAcls(List.of(binding)).all().get(CHANGE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void revoke(AclBinding binding) throws Exception {
        admin.deleteAcls(List.of(binding.toFilter())).all().get(CHANGE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }
}
