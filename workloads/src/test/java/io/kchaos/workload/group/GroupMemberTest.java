package io.kchaos.workload.group;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.Op;
import io.kchaos.history.OpType;
import io.kchaos.workload.WorkloadStats;
import io.kchaos.workload.common.JavaGroupClient;
import io.kchaos.workload.common.ProcessIds;
import io.kchaos.workload.common.RecordedHistory;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A member's ops against Kafka's MockConsumer: subscribe, polls with their rebalance log, commits, crash, close. */
class GroupMemberTest {
    private static final TopicPartition P0 = new TopicPartition("t", 0);

    @TempDir
    Path dir;

    /** The first consumer is assigned partition 0 and reads offsets 0 and 1; later ones read nothing. */
    private static Supplier<Consumer<String, String>> consumers(List<MockConsumer<String, String>> made) {
        return () -> {
            MockConsumer<String, String> c = new MockConsumer<>("earliest");
            if (made.isEmpty()) {
                c.updateBeginningOffsets(Map.of(P0, 0L));
                c.schedulePollTask(() -> {
                    c.rebalance(List.of(P0));
                    c.addRecord(new ConsumerRecord<>("t", 0, 0, "k0", "100"));
                    c.addRecord(new ConsumerRecord<>("t", 0, 1, "k1", "101"));
                });
            }
            made.add(c);
            return c;
        };
    }

    @Test
    void incarnationsRecordTheirRebalancesCommitsAndEnd() throws Exception {
        List<MockConsumer<String, String>> made = new ArrayList<>();
        try (RecordedHistory history = new RecordedHistory(dir)) {
            GroupMember m = new GroupMember(() -> new JavaGroupClient(consumers(made).get()), "t", "g", CommitMode.AFTER, false, history.writer, new WorkloadStats(),
                    new ProcessIds());
            Thread t = new Thread(m);
            t.start();
            history.await("a commit", ops -> ops.stream().anyMatch(o -> o.f().equals("commit") && o.isOk()));
            m.retire(GroupMember.Exit.CRASH);
            history.await("a second subscribe", ops -> ops.stream().filter(o -> o.f().equals("subscribe") && o.isOk()).count() == 2);
            m.stopRunning();
            t.join(10_000);
            assertFalse(t.isAlive());

            List<Op> ops = history.ops();
            Op firstPoll = ops.stream().filter(o -> o.f().equals("poll") && o.isOk()).findFirst().orElseThrow();
            JsonNode rebalance = firstPoll.value().get("rebalance");
            assertEquals("[0]", rebalance.get(0).get("assigned").toString(), firstPoll.value()::toString);
            assertEquals(2, firstPoll.value().get("records").size());
            Op commit = history.ops("commit", OpType.OK).get(0);
            assertEquals("{\"0\":2}", commit.value().get("offsets").toString());
            assertEquals("{\"0\":2}", commit.value().get("committed").toString(), "the broker's committed offsets, read back");
            assertFalse(commit.value().has("leader-epochs"), "commit-epoch=false commits the offset alone");
            Op crash = history.ops("crash", OpType.INFO).get(0);
            assertEquals(firstPoll.process(), crash.process());
            assertTrue(made.get(0).closed());
            Op close = history.ops("close", OpType.OK).get(0);
            assertNotEquals(crash.process(), close.process(), "a new incarnation is a new process");
            assertEquals(1, history.ops("commit", OpType.OK).size(), "nothing new to commit later");
            assertEachInvokeCompletedOnce(ops);
        }
    }

    @Test
    void withCommitEpochEachOffsetIsCommittedWithTheLastProcessedRecordsLeaderEpoch() throws Exception {
        MockConsumer<String, String> c = new MockConsumer<>("earliest");
        c.updateBeginningOffsets(Map.of(P0, 0L));
        c.schedulePollTask(() -> {
            c.rebalance(List.of(P0));
            c.addRecord(new ConsumerRecord<>("t", 0, 0, 0L, TimestampType.CREATE_TIME, 2, 3, "k0", "100", new RecordHeaders(), Optional.of(6)));
            c.addRecord(new ConsumerRecord<>("t", 0, 1, 0L, TimestampType.CREATE_TIME, 2, 3, "k1", "101", new RecordHeaders(), Optional.of(7)));
        });
        try (RecordedHistory history = new RecordedHistory(dir)) {
            GroupMember m = new GroupMember(() -> new JavaGroupClient(c), "t", "g", CommitMode.AFTER, true, history.writer, new WorkloadStats(), new ProcessIds());
            Thread t = new Thread(m);
            t.start();
            history.await("a commit", ops -> ops.stream().anyMatch(o -> o.f().equals("commit") && o.isOk()));
            Optional<Integer> committedEpoch = c.committed(Set.of(P0)).get(P0).leaderEpoch(); // MockConsumer is synchronized
            m.stopRunning();
            t.join(10_000);
            Op commit = history.ops("commit", OpType.OK).get(0);
            assertEquals("{\"0\":7}", commit.value().get("leader-epochs").toString(), commit.value()::toString);
            assertEquals(Optional.of(7), committedEpoch, "the epoch reached the commit itself");
        }
    }

    private static void assertEachInvokeCompletedOnce(List<Op> ops) {
        Map<Integer, String> open = new java.util.HashMap<>();
        for (Op op : ops) {
            if (op.isInvoke()) assertTrue(open.put(op.process(), op.f()) == null, "two ops at once: " + op);
            else assertEquals(op.f(), open.remove(op.process()), "completion without its invoke: " + op);
        }
        assertTrue(open.isEmpty(), "invocations without completion: " + open);
    }
}
