package io.kchaos.nemesis;

/**
 * The worker of one fault: injects it now and returns it, to be healed later. Its name, ops, settings and needs are
 * its entry in the fault catalogue ({@code io.kchaos.nemesis.catalogue}), which builds it and names it.
 */
@FunctionalInterface
public interface FaultInjector {
    /**
     * Injects one fault, recording its ops in the history. Returns the active fault, or {@link Fault#NONE} when
     * there was nothing to do (e.g. no leader known right now).
     */
    Fault inject(NemesisContext context);
}
