package io.kchaos.checker.share;

import java.util.List;

/**
 * The delivery counts of one record's deliveries, in the order their polls completed: for each delivery, the highest
 * count among the deliveries whose poll completed before it was acquired (its count must not be lower), and the
 * counts the history never saw.
 */
final class DeliveryCounts {
    private final List<Delivery> ds;
    /** highest[i]: the position in ds of the first delivery with the highest count among ds[0..i]. */
    private final int[] highest;

    DeliveryCounts(List<Delivery> ds) {
        this.ds = ds;
        this.highest = new int[ds.size()];
        for (int i = 1; i < highest.length; i++) {
            int h = highest[i - 1];
            highest[i] = ds.get(i).count > ds.get(h).count ? i : h;
        }
    }

    /**
     * Of the deliveries whose poll completed before delivery i can have been acquired (its {@code acquiredAfter}), the
     * first with the highest count; null when there is none or i's acquisition time is unknown.
     */
    Delivery highestCompletedBefore(int i) {
        long acquired = ds.get(i).acquiredAfter;
        if (acquired < 0) return null;
        int lo = 0;
        int hi = i;
        while (lo < hi) { // completion times ascend with the history: find how many completed before `acquired`
            int mid = (lo + hi) >>> 1;
            if (ds.get(mid).time < acquired) lo = mid + 1;
            else hi = mid;
        }
        return lo == 0 ? null : ds.get(highest[lo - 1]);
    }

    /** The counts from 1 to the highest seen that no delivery shows: acquisitions whose response reached no consumer. */
    long unseen() {
        int max = ds.get(highest[highest.length - 1]).count;
        return max - ds.stream().mapToInt(d -> d.count).distinct().count();
    }
}
