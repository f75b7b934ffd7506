package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link PartitionOffsetColumn}: every offset back exactly, whatever its partition, page, or distance from the base. */
class PartitionOffsetColumnTest {
    @Test
    void edgeOffsetsAndPartitionsComeBackAcrossPages() {
        long[] offsets = {0, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, Integer.MAX_VALUE, 7};
        int[] partitions = {0, Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 5};
        int n = 3 * (1 << LongColumn.PAGE_BITS) + 17; // pages boundaries crossed, the last page partly filled
        PartitionOffsetColumn c = new PartitionOffsetColumn(16);
        for (int i = 0; i < n; i++) {
            if (i >= c.capacity()) c.growTo(i + 1);
            c.set(i, partitions[i % partitions.length], offsets[i % offsets.length]);
        }
        for (int i = 0; i < n; i++) {
            assertEquals(offsets[i % offsets.length], c.get(i, partitions[i % partitions.length]), "entry " + i);
        }
    }

    @Test
    void offsetsOfDriftingPartitionsStayExactOncePackedAndWhenSetAgain() {
        int n = LongColumn.PACK_LAG + 8 * (1 << LongColumn.PAGE_BITS);
        long[] expected = new long[n];
        int[] partition = new int[n];
        long[] next = new long[6];
        Random r = new Random(5);
        PartitionOffsetColumn c = new PartitionOffsetColumn(n);
        for (int i = 0; i < n; i++) {
            partition[i] = r.nextInt(6);
            expected[i] = r.nextInt(500) == 0 ? -1 : next[partition[i]];
            next[partition[i]] += 1 + partition[i] * r.nextInt(3); // partitions grow at different rates
            c.set(i, partition[i], expected[i]);
            c.packBehind(i + 1);
        }
        for (int i = 0; i < n; i++) assertEquals(expected[i], c.get(i, partition[i]), "packed entry " + i);
        for (int i = 3; i < n; i += 1001) { // a later change, in another partition too
            partition[i] = 9;
            expected[i] = Long.MAX_VALUE - i;
            c.set(i, partition[i], expected[i]);
        }
        for (int i = 0; i < n; i++) assertEquals(expected[i], c.get(i, partition[i]), "entry " + i);
    }
}
