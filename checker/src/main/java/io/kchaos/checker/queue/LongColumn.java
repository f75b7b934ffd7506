package io.kchaos.checker.queue;

import java.util.Arrays;

/**
 * A growable column of longs (values, offsets, partitions, processes, history indexes, times) in pages of 1,024 entries,
 * each page holding its entries as differences from the first one set in it, in the narrowest of 1, 2, 4 or 8 bytes
 * that fits them all: neighbouring entries of a history's columns lie close together, so most cost 1 to 4 bytes. Pages
 * are allocated on first use and never copied to grow. An entry never set reads as 0 while its page is unused, and
 * as an unspecified value once another entry of its page is set. Pages the owner expects to stay as they are can be
 * packed further ({@link #packBelow}, {@link PackedPage}); a later change to one unpacks it until the next packing.
 */
final class LongColumn {
    /** Entries per page: 2^PAGE_BITS. */
    static final int PAGE_BITS = 10;
    private static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final int MASK = PAGE_SIZE - 1;
    /** How far behind the newest entry {@link #packBehind} packs: 65,536 entries, some seconds of a full-rate run. */
    static final int PACK_LAG = 1 << 16;

    private int capacity;
    private Object[] pages;
    private long[] bases;
    private final PackingCursor packing = new PackingCursor();

    LongColumn(int capacity) {
        this.capacity = capacity;
        int n = pageCount(capacity);
        pages = new Object[n];
        bases = new long[n];
    }

    long get(int i) {
        if (i >= capacity) throw new ArrayIndexOutOfBoundsException(i);
        int p = i >>> PAGE_BITS;
        Object page = pages[p];
        int j = i & MASK;
        if (page instanceof byte[] b) return bases[p] + b[j];
        if (page instanceof short[] s) return bases[p] + s[j];
        if (page instanceof int[] n) return bases[p] + n[j];
        if (page instanceof long[] l) return l[j]; // held as is: no base
        if (page instanceof PackedPage packed) return packed.get(j);
        return 0;
    }

    void set(int i, long v) {
        if (i >= capacity) throw new ArrayIndexOutOfBoundsException(i);
        int p = i >>> PAGE_BITS;
        int j = i & MASK;
        Object page = pages[p];
        if (page == null) {
            page = pages[p] = new byte[PAGE_SIZE];
            bases[p] = v;
        }
        if (page instanceof PackedPage packed) {
            if (packed.get(j) == v) return;
            page = unpack(p, packed);
        }
        if (page instanceof long[] l) {
            l[j] = v;
            return;
        }
        long d = v - bases[p];
        boolean overflow = ((v ^ bases[p]) & (v ^ d)) < 0;
        int width = overflow ? Long.BYTES : width(d);
        if (width > width(page)) page = widen(p, page, width);
        if (page instanceof byte[] b) b[j] = (byte) d;
        else if (page instanceof short[] s) s[j] = (short) d;
        else if (page instanceof int[] n) n[j] = (int) d;
        else ((long[]) page)[j] = v;
    }

    int capacity() {
        return capacity;
    }

    /** Grows to hold at least n entries (by half again, or to n); only the page directory is copied. */
    void growTo(int n) {
        capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(n, capacity + (long) (capacity >> 1)));
        int count = pageCount(capacity);
        if (count > pages.length) {
            pages = Arrays.copyOf(pages, count);
            bases = Arrays.copyOf(bases, count);
        }
    }

    /**
     * Called by an owner that fills its entries in order, once entry {@code size - 1} is set: each time a page fills,
     * packs the pages lying wholly more than {@link #PACK_LAG} entries behind, which the history rarely changes again.
     */
    void packBehind(int size) {
        if ((size & MASK) == 0 && size > PACK_LAG) packBelow(size - PACK_LAG);
    }

    /**
     * Packs every page that lies wholly below entry i: those not packed yet and those a {@link #set} unpacked since.
     * A page stays as it is when packing would not make it smaller.
     */
    void packBelow(int i) {
        packing.packBelow(Math.min(i, capacity) >>> PAGE_BITS, this::pack);
    }

    private void pack(int p) {
        Object page = pages[p];
        if (page == null || page instanceof PackedPage) return;
        long[] entries = new long[PAGE_SIZE];
        for (int j = 0; j < PAGE_SIZE; j++) entries[j] = get((p << PAGE_BITS) | j);
        PackedPage packed = PackedPage.of(entries);
        if (packed != null && packed.bytes() < (long) PAGE_SIZE * width(page)) pages[p] = packed;
    }

    /** Turns a packed page back into differences from its first entry, in the narrowest width that fits them all. */
    private Object unpack(int p, PackedPage packed) {
        long[] entries = packed.entries();
        long base = entries[0];
        int width = Byte.BYTES;
        for (long v : entries) {
            long d = v - base;
            width = Math.max(width, ((v ^ base) & (v ^ d)) < 0 ? Long.BYTES : width(d));
        }
        pages[p] = new byte[PAGE_SIZE];
        bases[p] = base;
        Object page = width > Byte.BYTES ? widen(p, pages[p], width) : pages[p];
        for (int j = 0; j < PAGE_SIZE; j++) {
            long d = entries[j] - base;
            if (page instanceof byte[] b) b[j] = (byte) d;
            else if (page instanceof short[] s) s[j] = (short) d;
            else if (page instanceof int[] n) n[j] = (int) d;
            else ((long[]) page)[j] = entries[j];
        }
        packing.unpacked(p);
        return page;
    }

    private static int pageCount(int capacity) {
        return (int) (((long) capacity + PAGE_SIZE - 1) >>> PAGE_BITS);
    }

    private static int width(long d) {
        if (d == (byte) d) return Byte.BYTES;
        if (d == (short) d) return Short.BYTES;
        return d == (int) d ? Integer.BYTES : Long.BYTES;
    }

    private static int width(Object page) {
        if (page instanceof byte[]) return Byte.BYTES;
        if (page instanceof short[]) return Short.BYTES;
        return page instanceof int[] ? Integer.BYTES : Long.BYTES;
    }

    /** Copies page p into entries of the given width (a long page holds the entries themselves). */
    private Object widen(int p, Object page, int width) {
        long base = bases[p];
        Object wider = switch (width) {
            case Short.BYTES -> new short[PAGE_SIZE];
            case Integer.BYTES -> new int[PAGE_SIZE];
            default -> new long[PAGE_SIZE];
        };
        for (int j = 0; j < PAGE_SIZE; j++) {
            long d = delta(page, j);
            if (wider instanceof short[] s) s[j] = (short) d;
            else if (wider instanceof int[] n) n[j] = (int) d;
            else ((long[]) wider)[j] = base + d;
        }
        pages[p] = wider;
        return wider;
    }

    private static long delta(Object page, int j) {
        if (page instanceof byte[] b) return b[j];
        if (page instanceof short[] s) return s[j];
        return ((int[]) page)[j];
    }
}
