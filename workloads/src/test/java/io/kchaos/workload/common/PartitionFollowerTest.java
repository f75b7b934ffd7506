package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PartitionFollowerTest {
    @Test
    void keepsTheHighestCountAndIgnoresFailuresAndShrinking() {
        AtomicInteger answer = new AtomicInteger(3);
        AtomicInteger calls = new AtomicInteger();
        PartitionFollower f = new PartitionFollower(3, () -> {
            if (calls.incrementAndGet() == 2) throw new IllegalStateException("no broker answered");
            return answer.get();
        }, 1_000);
        assertEquals(3, f.refresh());
        answer.set(5);
        assertEquals(3, f.refresh(), "a failed answer keeps the count");
        assertEquals(5, f.refresh());
        answer.set(2);
        assertEquals(5, f.refresh(), "a topic never loses partitions");
        assertEquals(5, f.count());
    }

    @Test
    void theThreadNoticesGrowthWithinAPeriod() throws Exception {
        AtomicInteger answer = new AtomicInteger(3);
        try (PartitionFollower f = new PartitionFollower(3, answer::get, 20)) {
            f.start("test-follower");
            answer.set(5);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (f.count() != 5 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(5, f.count());
        }
    }

    @Test
    void slotsGrowForNewPartitions() throws Exception {
        PartitionSlots slots = new PartitionSlots(1, 1, new ProcessIds());
        java.util.Random r = new java.util.Random(1);
        assertEquals(0, slots.take(r, 10).partition);
        assertEquals(null, slots.take(r, 10), "partition 0's one slot is taken");
        slots.grow(3);
        slots.grow(2);
        assertEquals(3, slots.partitions());
        java.util.Set<Integer> got = new java.util.HashSet<>();
        got.add(slots.take(r, 10).partition);
        got.add(slots.take(r, 10).partition);
        assertEquals(java.util.Set.of(1, 2), got);
    }

    @Test
    void aLayoutOfOneTopicGrowsAndOneOfSeveralDoesNot() {
        TopicLayout one = TopicLayout.single("t", 3);
        assertEquals(5, one.grown(5).size());
        assertEquals(new org.apache.kafka.common.TopicPartition("t", 4), one.grown(5).topicPartition(4));
        assertEquals(one, one.grown(2));
        TopicLayout two = new TopicLayout(java.util.List.of("t", "t-1"), 3);
        assertEquals(two, two.grown(5));
    }
}
