package io.kchaos.checker.queue;

/**
 * An open-addressing hash map from long keys to non-negative int values (linear probing), so that per-value and
 * per-offset indexes cost a few bytes per entry instead of boxed objects.
 */
final class LongIntMap {
    /** Returned by {@link #get} for a key that is not in the map. */
    static final int ABSENT = -1;
    private static final int MAX_LOAD_PERCENT = 70;

    private long[] keys;
    private int[] values;
    private int size;

    LongIntMap(int expectedSize) {
        int capacity = Integer.highestOneBit(Math.max(16, expectedSize * 100 / MAX_LOAD_PERCENT)) << 1;
        allocate(capacity);
    }

    int size() {
        return size;
    }

    /** The value mapped to key, or {@link #ABSENT}. */
    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); values[i] != ABSENT; i = (i + 1) & mask) {
            if (keys[i] == key) return values[i];
        }
        return ABSENT;
    }

    /** Maps key to value unless key is already mapped; returns the value now mapped to key. */
    int putIfAbsent(long key, int value) {
        if (value < 0) throw new IllegalArgumentException("values must be non-negative: " + value);
        if ((long) (size + 1) * 100 > (long) keys.length * MAX_LOAD_PERCENT) rehash(keys.length << 1);
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != ABSENT) {
            if (keys[i] == key) return values[i];
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
        return value;
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        java.util.Arrays.fill(values, ABSENT);
    }

    private void rehash(int capacity) {
        long[] oldKeys = keys;
        int[] oldValues = values;
        allocate(capacity);
        int mask = capacity - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldValues[j] == ABSENT) continue;
            int i = slot(oldKeys[j], mask);
            while (values[i] != ABSENT) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            values[i] = oldValues[j];
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
