package io.kchaos.workload.common;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A partition that is not writable gets no slot, now or after the topic grows; the others are taken as before. */
class PartitionSlotsTest {
    @Test
    void anIdlePartitionIsNeverTaken() throws InterruptedException {
        PartitionSlots slots = new PartitionSlots(3, 2, new ProcessIds(), p -> p != 2);
        Random random = new Random(7);
        Set<Integer> taken = new TreeSet<>();
        for (int i = 0; i < 4; i++) taken.add(slots.take(random, 10).partition);
        assertEquals(Set.of(0, 1), taken);
        assertEquals(null, slots.take(random, 10), "the idle partition's slots do not exist");
        slots.grow(4);
        assertEquals(3, slots.take(random, 10).partition, "a partition the topic gained is written");
    }
}
