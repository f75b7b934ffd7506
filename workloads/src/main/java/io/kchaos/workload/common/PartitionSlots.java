package io.kchaos.workload.common;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;

/**
 * A producer's send slots, a fixed number per partition: each slot is one logical process bound to one partition, so
 * a partition whose sends hang (no leader) holds only its own slots and the other partitions keep sending. A taker
 * gets a slot of a partition chosen uniformly at random among those with a free slot. A partition left idle
 * ({@code writable} false) gets no slots, so nothing is sent to it.
 */
final class PartitionSlots {
    private final List<ArrayDeque<Slot>> free;
    private final int perPartition;
    private final ProcessIds ids;
    private final IntPredicate writable;
    private int[] withFree;
    private int withFreeCount;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();

    PartitionSlots(int partitions, int perPartition, ProcessIds ids) {
        this(partitions, perPartition, ids, p -> true);
    }

    PartitionSlots(int partitions, int perPartition, ProcessIds ids, IntPredicate writable) {
        if (partitions < 1 || perPartition < 1) throw new IllegalArgumentException("need at least one slot per partition");
        this.perPartition = perPartition;
        this.ids = ids;
        this.writable = writable;
        free = new ArrayList<>(partitions);
        withFree = new int[partitions];
        grow(partitions);
    }

    /** The number of partitions with slots. */
    int partitions() {
        lock.lock();
        try {
            return free.size();
        } finally {
            lock.unlock();
        }
    }

    /** Adds free slots for partitions up to {@code partitions} - 1 (a topic that gained partitions); never shrinks. */
    void grow(int partitions) {
        lock.lock();
        try {
            if (partitions <= free.size()) return;
            if (withFree.length < partitions) withFree = Arrays.copyOf(withFree, partitions);
            for (int p = free.size(); p < partitions; p++) {
                ArrayDeque<Slot> slots = new ArrayDeque<>(perPartition);
                free.add(slots);
                if (!writable.test(p)) continue;
                for (int i = 0; i < perPartition; i++) slots.add(new Slot(p, ids.next()));
                withFree[withFreeCount++] = p;
            }
            released.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A free slot of a random partition that has one; null when none frees up within {@code timeoutMillis}. */
    Slot take(Random random, long timeoutMillis) throws InterruptedException {
        long wait = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            while (withFreeCount == 0) {
                if (wait <= 0) return null;
                wait = released.awaitNanos(wait);
            }
            int i = random.nextInt(withFreeCount);
            int p = withFree[i];
            Slot s = free.get(p).poll();
            if (free.get(p).isEmpty()) withFree[i] = withFree[--withFreeCount];
            return s;
        } finally {
            lock.unlock();
        }
    }

    /** Returns a slot whose send completed. */
    void release(Slot slot) {
        lock.lock();
        try {
            ArrayDeque<Slot> q = free.get(slot.partition);
            if (q.isEmpty()) withFree[withFreeCount++] = slot.partition;
            q.add(slot);
            released.signal();
        } finally {
            lock.unlock();
        }
    }

    /** A logical producer process sending to one partition, one send at a time. */
    static final class Slot {
        final int partition;
        volatile int process;

        Slot(int partition, int process) {
            this.partition = partition;
            this.process = process;
        }
    }
}
