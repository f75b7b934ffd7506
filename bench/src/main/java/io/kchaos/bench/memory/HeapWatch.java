package io.kchaos.bench.memory;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The largest heap left after any collection since {@link #start}, every heap pool summed: an upper bound of the live
 * set at its largest, which a heap limit must hold (what is above it is garbage the collector reclaims).
 */
final class HeapWatch {
    private final AtomicLong maxAfterGc = new AtomicLong();

    static HeapWatch start() {
        HeapWatch w = new HeapWatch();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, h) -> {
                if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) return;
                var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream().mapToLong(MemoryUsage::getUsed).sum();
                w.maxAfterGc.accumulateAndGet(used, Math::max);
            }, null, null);
        }
        return w;
    }

    long maxAfterGcBytes() {
        return maxAfterGc.get();
    }
}
