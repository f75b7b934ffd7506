package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * A map from long keys to non-negative int values that costs about 4 bytes per entry for the keys a history has:
 * values and offsets counted up from 0. Keys in [0, 2^32) live in pages of 4,096 slots indexed by the key itself
 * (no hashing, and neighbouring keys share cache lines), as long as the pages are at least a quarter full on
 * average; other keys (negative, huge, or sparse) go to an open-addressing hash table (linear probing), and a lookup
 * that misses its page also asks the hash table. Pages far below the highest one are packed ({@link PackedPage}): keys
 * counted up map to values counted up, a few bits apart from a straight line.
 */
public final class LongIntMap {
    /** Returned by {@link #get} for a key that is not in the map. */
    public static final int ABSENT = -1;
    private static final int MAX_LOAD_PERCENT = 70;
    private static final int PAGE_BITS = 12;
    private static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final long MAX_PAGED_KEY = 1L << 32;

    private static final int PACK_LAG_PAGES = LongColumn.PACK_LAG / PAGE_SIZE;

    private Object[] pages = new Object[16];
    private int pageCount;
    private int highestPage = -1;
    private final PackingCursor packing = new PackingCursor();
    private long[] keys;
    private int[] values;
    private int hashed;
    private int size;

    public LongIntMap(int expectedSize) {
        allocate(Integer.highestOneBit(Math.max(16, Math.min(expectedSize, 1 << 12) * 100 / MAX_LOAD_PERCENT)) << 1);
    }

    public int size() {
        return size;
    }

    /** The value mapped to key, or {@link #ABSENT}. */
    public int get(long key) {
        if (key >= 0 && key < MAX_PAGED_KEY) {
            int pageNo = (int) (key >>> PAGE_BITS);
            if (pageNo < pages.length && pages[pageNo] != null) {
                int v = entry(pages[pageNo], (int) key & (PAGE_SIZE - 1));
                if (v != ABSENT) return v;
            }
        }
        return hashed == 0 ? ABSENT : getHashed(key);
    }

    private int getHashed(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); values[i] != ABSENT; i = (i + 1) & mask) {
            if (keys[i] == key) return values[i];
        }
        return ABSENT;
    }

    /** Maps key to value unless key is already mapped; returns the value now mapped to key. */
    public int putIfAbsent(long key, int value) {
        if (value < 0) throw new IllegalArgumentException("values must be non-negative: " + value);
        Object page = page(key);
        if (page != null) {
            int i = (int) key & (PAGE_SIZE - 1);
            int held = entry(page, i);
            if (held != ABSENT) return held;
            int earlier = hashed == 0 ? ABSENT : getHashed(key); // hashed before its page existed
            if (earlier != ABSENT) return earlier;
            unpacked((int) (key >>> PAGE_BITS))[i] = value;
            size++;
            return value;
        }
        if ((long) (hashed + 1) * 100 > (long) keys.length * MAX_LOAD_PERCENT) rehash(keys.length << 1);
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != ABSENT) {
            if (keys[i] == key) return values[i];
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        hashed++;
        size++;
        return value;
    }

    /**
     * The page of key, created when the pages stay at least a quarter full on average; null when key belongs in the
     * hash table. A key hashed before its page existed stays in the hash table.
     */
    private Object page(long key) {
        if (key < 0 || key >= MAX_PAGED_KEY) return null;
        int pageNo = (int) (key >>> PAGE_BITS);
        if (pageNo < pages.length && pages[pageNo] != null) return pages[pageNo];
        if ((long) (pageCount + 1) * PAGE_SIZE > 4L * (size + 1) + 4L * PAGE_SIZE) return null;
        if (pageNo >= pages.length) pages = Arrays.copyOf(pages, Math.max(pageNo + 1, pages.length * 2));
        int[] page = new int[PAGE_SIZE];
        Arrays.fill(page, ABSENT);
        pages[pageNo] = page;
        pageCount++;
        if (pageNo > highestPage) {
            highestPage = pageNo;
            packing.packBelow(highestPage - PACK_LAG_PAGES, this::pack);
        }
        return page;
    }

    private static int entry(Object page, int i) {
        return page instanceof int[] a ? a[i] : (int) ((PackedPage) page).get(i);
    }

    /** Page pageNo as an array, unpacked when it was packed (an entry is about to be put in it). */
    private int[] unpacked(int pageNo) {
        Object page = pages[pageNo];
        if (page instanceof int[] a) return a;
        PackedPage packed = (PackedPage) page;
        int[] a = new int[PAGE_SIZE];
        for (int j = 0; j < PAGE_SIZE; j++) a[j] = (int) packed.get(j);
        pages[pageNo] = a;
        packing.unpacked(pageNo);
        return a;
    }

    private void pack(int pageNo) {
        if (!(pages[pageNo] instanceof int[] a)) return;
        long[] entries = new long[PAGE_SIZE];
        for (int j = 0; j < PAGE_SIZE; j++) entries[j] = a[j];
        PackedPage packed = PackedPage.of(entries);
        if (packed != null && packed.bytes() < (long) Integer.BYTES * PAGE_SIZE) pages[pageNo] = packed;
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, ABSENT);
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
