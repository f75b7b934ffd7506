package io.kchaos.nemesis;

/** A fault healed by one action (usually a recorded op), run at most once however often heal is called. */
public final class HealOnce implements Fault {
    private final String description;
    private final Runnable heal;
    private boolean healed;

    public HealOnce(String description, Runnable heal) {
        this.description = description;
        this.heal = heal;
    }

    /**
     * Runs {@code inject} and returns the fault that {@code heal} undoes. If injecting fails half way, heals at once
     * (so nothing is left broken without a fault to heal it) and rethrows.
     */
    public static Fault injected(String description, Runnable inject, Runnable heal) {
        HealOnce fault = new HealOnce(description, heal);
        try {
            inject.run();
        } catch (RuntimeException e) {
            try {
                fault.heal();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return fault;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public synchronized void heal() {
        if (healed) return;
        healed = true;
        heal.run();
    }
}
