package io.kchaos.checker.raft;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.testkit.SyntheticMetadataLog;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.metadata.BrokerRegistrationChangeRecord;
import org.apache.kafka.common.metadata.FenceBrokerRecord;
import org.apache.kafka.common.metadata.PartitionChangeRecord;
import org.apache.kafka.common.metadata.RegisterBrokerRecord;
import org.apache.kafka.common.metadata.UnfenceBrokerRecord;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.metadata.MetadataRecordSerde;
import org.apache.kafka.server.common.ApiMessageAndVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fencing reader on records serialised by Kafka's own metadata serde: every record version the controllers of
 * 3.7-4.4 write, tagged fields beside {@code Fenced} skipped, a change that leaves the fencing alone not counted, and
 * other records ignored; the Raft audit puts the longest log's list in its stats.
 */
class BrokerFencingTest {

    @Test
    void registrationsFencingsAndUnfencingsAreReadInOffsetOrderWithTheirTimes(@TempDir Path dir) {
        assertEquals("controlled-shutdown", BrokerFencing.Change.CONTROLLED_SHUTDOWN.field());
        try (SyntheticMetadataLog log = SyntheticMetadataLog.create(dir, 0)) {
            log.leaderChange(1, 4, 4, 5, 6)
                    .records(1, 1_000, List.of(
                            bytes(new RegisterBrokerRecord().setBrokerId(1).setBrokerEpoch(10).setIncarnationId(Uuid.randomUuid()).setFenced(true), (short) 3),
                            bytes(new BrokerRegistrationChangeRecord().setBrokerId(1).setBrokerEpoch(10).setFenced((byte) -1), (short) 0)))
                    .records(1, 2_000, List.of(
                            bytes(new PartitionChangeRecord().setPartitionId(0).setTopicId(Uuid.randomUuid()).setLeader(2), (short) 0),
                            // InControlledShutdown (tag 1) and LogDirs (tag 2) beside Fenced: version 2 writes them all
                            bytes(new BrokerRegistrationChangeRecord().setBrokerId(2).setBrokerEpoch(11).setFenced((byte) 1)
                                    .setInControlledShutdown((byte) 0).setLogDirs(List.of(Uuid.randomUuid())), (short) 2),
                            bytes(new BrokerRegistrationChangeRecord().setBrokerId(3).setBrokerEpoch(12).setInControlledShutdown((byte) 1), (short) 1)))
                    .records(2, 3_000, List.of(
                            bytes(new FenceBrokerRecord().setId(3).setEpoch(12), (short) 0),
                            bytes(new UnfenceBrokerRecord().setId(3).setEpoch(12), (short) 0)))
                    .records(2, 4_000, List.of(
                            bytes(new BrokerRegistrationChangeRecord().setBrokerId(1).setBrokerEpoch(10).setFenced((byte) 1).setInControlledShutdown((byte) 1), (short) 1)));

            List<BrokerFencing> read = BrokerFencing.in(MetadataLog.read(new MetadataNode(4, dir, true), new RaftFindings(new CheckResult())).batches());

            assertEquals(List.of(
                    new BrokerFencing(1, BrokerFencing.Change.REGISTERED, 1, 1_000),
                    new BrokerFencing(1, BrokerFencing.Change.UNFENCED, 2, 1_000),
                    new BrokerFencing(2, BrokerFencing.Change.FENCED, 4, 2_000),
                    new BrokerFencing(3, BrokerFencing.Change.CONTROLLED_SHUTDOWN, 5, 2_000),
                    new BrokerFencing(3, BrokerFencing.Change.FENCED, 6, 3_000),
                    new BrokerFencing(3, BrokerFencing.Change.UNFENCED, 7, 3_000),
                    new BrokerFencing(1, BrokerFencing.Change.CONTROLLED_SHUTDOWN, 8, 4_000),
                    new BrokerFencing(1, BrokerFencing.Change.FENCED, 8, 4_000)), read,
                    "the partition change is none; a controlled shutdown is said as such");
        }
    }

    @Test
    void theAuditListsTheLongestLogsFencingInItsStats(@TempDir Path dir) {
        Path short_ = dir.resolve("5");
        Path long_ = dir.resolve("4");
        try (SyntheticMetadataLog a = SyntheticMetadataLog.create(long_, 0); SyntheticMetadataLog b = SyntheticMetadataLog.create(short_, 0)) {
            for (SyntheticMetadataLog l : List.of(a, b)) {
                l.leaderChange(1, 4, 4, 5).records(1, 5_000,
                        List.of(bytes(new BrokerRegistrationChangeRecord().setBrokerId(1).setBrokerEpoch(10).setFenced((byte) 1), (short) 0)));
            }
            a.records(1, 6_000, List.of(bytes(new BrokerRegistrationChangeRecord().setBrokerId(1).setBrokerEpoch(10).setFenced((byte) -1), (short) 0)));
        }
        CheckResult r = RaftAudit.of(List.of(new MetadataNode(4, long_, true), new MetadataNode(5, short_, true))).run();
        JsonNode fencing = r.stats().path("raft").path("broker-fencing");
        assertEquals(2, fencing.size(), fencing.toString());
        assertEquals("fenced", fencing.path(0).path("change").asText());
        assertEquals("unfenced", fencing.path(1).path("change").asText());
        assertEquals(6_000, fencing.path(1).path("time-ms").asLong());
        assertEquals(1, fencing.path(1).path("broker").asInt());
    }

    private static byte[] bytes(ApiMessage record, short version) {
        ApiMessageAndVersion m = new ApiMessageAndVersion(record, version);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = MetadataRecordSerde.INSTANCE.recordSize(m, cache);
        ByteBuffer buf = ByteBuffer.allocate(size);
        MetadataRecordSerde.INSTANCE.write(m, cache, new ByteBufferAccessor(buf));
        return buf.array();
    }
}
