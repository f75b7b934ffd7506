package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The primitive structures behind the checker's bounded memory. */
class StructuresTest {

    @Test
    void longIntMapKeepsTheFirstValueAndGrows() {
        LongIntMap m = new LongIntMap(4);
        for (int i = 0; i < 100_000; i++) assertEquals(i, m.putIfAbsent(i * 7919L - 50_000, i));
        assertEquals(3, m.putIfAbsent(3 * 7919L - 50_000, 99));
        assertEquals(100_000, m.size());
        assertEquals(12345, m.get(12345 * 7919L - 50_000));
        assertEquals(LongIntMap.ABSENT, m.get(1));
    }

    @Test
    void longIntMapPagesDenseKeysAndHashesTheRestLikeAHashMap() {
        LongIntMap m = new LongIntMap(16);
        java.util.Map<Long, Integer> reference = new java.util.HashMap<>();
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            long key = switch (random.nextInt(4)) {
                case 0 -> random.nextLong();                       // anywhere, negative included
                case 1 -> random.nextInt(1 << 30);                 // sparse in the paged range
                default -> random.nextInt(150_000);                // dense, like values and offsets
            };
            Integer before = reference.putIfAbsent(key, i);
            assertEquals(before == null ? i : before, m.putIfAbsent(key, i));
        }
        assertEquals(reference.size(), m.size());
        reference.forEach((k, v) -> assertEquals(v, m.get(k)));
        for (int i = 0; i < 10_000; i++) {
            long key = random.nextLong();
            assertEquals(reference.getOrDefault(key, LongIntMap.ABSENT), m.get(key));
        }
        assertEquals(LongIntMap.ABSENT, m.get(Long.MIN_VALUE));
        assertEquals(LongIntMap.ABSENT, m.get(1L << 32));
    }

    @Test
    void longColumnHoldsIntsUntilAValueNeedsALong() {
        LongColumn c = new LongColumn(2);
        c.set(0, -1);
        c.set(1, Integer.MAX_VALUE);
        c.growTo(3);
        c.set(2, 1L << 40);
        c.growTo(4);
        c.set(3, Long.MIN_VALUE);
        assertEquals(-1, c.get(0));
        assertEquals(Integer.MAX_VALUE, c.get(1));
        assertEquals(1L << 40, c.get(2));
        assertEquals(Long.MIN_VALUE, c.get(3));
    }

    @Test
    void valueTableGrowsPastItsInitialCapacity() {
        ValueTable t = new ValueTable();
        for (long v = 0; v < 20_000; v++) {
            t.sent(v, 7 * v);
            if (v % 2 == 0) t.info(v);
            else t.acked(v, 1, v, v, 3, v);
        }
        assertEquals(20_000, t.size());
        int id = t.id(19_999);
        assertEquals(19_999, t.value(id));
        assertEquals(19_999, t.ackOffset(id));
        assertEquals(7 * 19_999, t.sendTime(id));
        assertEquals(true, t.has(t.id(19_998), ValueTable.INFO));
    }

    @Test
    void offsetSetFindsTheFirstMemberBetweenLikeASortedSet() {
        OffsetSet set = new OffsetSet();
        TreeSet<Long> reference = new TreeSet<>();
        Random random = new Random(7);
        for (int i = 0; i < 5_000; i++) {
            long o = random.nextInt(3) == 0 ? random.nextInt(1 << 20) : 1_000_000_000_000L + random.nextInt(100_000);
            set.add(o);
            reference.add(o);
        }
        for (int i = 0; i < 5_000; i++) {
            long a = random.nextBoolean() ? random.nextInt(1 << 20) : 1_000_000_000_000L + random.nextInt(100_000);
            long b = a + 1 + random.nextInt(20_000);
            Long expected = reference.higher(a);
            assertEquals(expected != null && expected < b ? expected : -1, set.firstBetween(a, b));
        }
        assertEquals(-1, set.firstBetween(5, 6));
    }
}
