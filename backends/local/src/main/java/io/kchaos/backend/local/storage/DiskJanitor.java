package io.kchaos.backend.local.storage;

import io.kchaos.cluster.os.CommandRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * Unmounts the size-limited data file systems a kchaos harness that is no longer alive (SIGKILLed, crashed) left
 * mounted. Their source names carry the owner's pid ({@link DiskNames}); a mount of a live harness, or not named by
 * kchaos, is never touched. tmpfs needs no loop device, so nothing else is left to remove.
 */
public final class DiskJanitor {
    private final CommandRunner runner;
    private final Supplier<List<MountTable.Mount>> mounts;
    private final LongPredicate alive;

    public DiskJanitor(CommandRunner runner) {
        this(runner, MountTable::read, pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** {@code mounts} lists the machine's mounts, {@code alive} tells whether a pid is a live process (both replaceable in tests). */
    public DiskJanitor(CommandRunner runner, Supplier<List<MountTable.Mount>> mounts, LongPredicate alive) {
        this.runner = runner;
        this.mounts = mounts;
        this.alive = alive;
    }

    /** Unmounts every orphaned kchaos disk; returns what it removed, one phrase each. */
    public List<String> sweep() {
        List<String> removed = new ArrayList<>();
        for (MountTable.Mount m : mounts.get()) {
            if (!orphaned(DiskNames.owner(m.source()))) continue;
            if (runner.run("umount", m.target()).ok() || runner.run("umount", "-l", m.target()).ok()) {
                removed.add("mount " + m.source() + " on " + m.target());
            }
        }
        return removed;
    }

    private boolean orphaned(Optional<Long> owner) {
        return owner.isPresent() && owner.get() != ProcessHandle.current().pid() && !alive.test(owner.get());
    }
}
