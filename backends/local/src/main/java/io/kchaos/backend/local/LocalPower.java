package io.kchaos.backend.local;

import io.kchaos.backend.local.storage.SyncTracking;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.PowerControl;
import io.kchaos.nemesis.cluster.PowerControl.LieScope;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Power loss on local nodes: SIGKILL to every target's broker first (so none outlives the others by more than a
 * signal), then, once each is dead (its exit and closed ports seen: {@code LocalCluster.kill}), its data directory is
 * cut to what it had synced, each cut read back ({@link io.kchaos.backend.local.storage.PowerCut}).
 */
final class LocalPower implements PowerControl {
    private final LocalCluster cluster;
    private final SyncTracking tracking;

    LocalPower(LocalCluster cluster, SyncTracking tracking) {
        this.cluster = cluster;
        this.tracking = tracking;
    }

    @Override
    public Map<Integer, List<DroppedBytes>> cut(List<Integer> nodes, boolean tornWrites, Random random) {
        for (int id : nodes) cluster.pid(id).flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        for (int id : nodes) {
            cluster.kill(id);
            if (cluster.isRunning(id)) throw new FaultNotHeld("power cut: node " + id + " survived SIGKILL; its files are left as they are");
        }
        Map<Integer, List<DroppedBytes>> dropped = new LinkedHashMap<>();
        for (int id : nodes) {
            LocalNode n = cluster.node(id);
            dropped.put(id, tracking.cut(n.dir(), n.dataDir(), tornWrites, random));
        }
        return dropped;
    }

    @Override
    public void lie(List<Integer> nodes, LieScope scope) {
        for (int id : nodes) tracking.lie(cluster.node(id).dir(), scope);
    }
}
