package io.kchaos.backend.local.storage;

import java.util.Random;

/**
 * How much of a file's unsynced tail survives a power loss: none ({@link #NONE}), or — a partially written-back page
 * cache — a random prefix ending at a 4 KiB page boundary (or at the file's end), drawn uniformly from every such end
 * between the durable length and the file's length.
 */
public interface TornWrites {
    int PAGE = 4096;

    /** Every unsynced byte is lost. */
    TornWrites NONE = (durable, length) -> durable;

    /** The length the file keeps, between {@code durable} and {@code length}. */
    long keep(long durable, long length);

    /** A random prefix at page granularity, drawn from {@code random} (the run's seeded randomness). */
    static TornWrites randomPrefix(Random random) {
        return (durable, length) -> {
            if (length <= durable) return length;
            long firstPage = (durable / PAGE + 1) * PAGE;
            long pages = length > firstPage ? (length - firstPage + PAGE - 1) / PAGE : 0;
            long k = (long) (random.nextDouble() * (pages + 2));
            if (k == 0) return durable;
            if (k > pages) return length;
            return firstPage + (k - 1) * PAGE;
        };
    }
}
