package io.kchaos.nemesis.cluster;

/**
 * Thrown by a fault or heal action that was asked for but whose effect could not be observed within its bound (a
 * process still running threads after SIGSTOP, an iptables rule not read back): the nemesis records the op as
 * {@code info} with this message, saying what was seen, instead of {@code ok}.
 */
public final class FaultNotHeld extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FaultNotHeld(String message) {
        super(message);
    }
}
