package io.kchaos.nemesis.toxic;

import io.kchaos.nemesis.Fault;

/** A fault healed by one recorded action, run at most once. */
final class HealOnce implements Fault {
    private final String description;
    private final Runnable heal;
    private boolean healed;

    HealOnce(String description, Runnable heal) {
        this.description = description;
        this.heal = heal;
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
