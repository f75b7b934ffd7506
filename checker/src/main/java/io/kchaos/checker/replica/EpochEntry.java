package io.kchaos.checker.replica;

/** One line of a {@code leader-epoch-checkpoint}: leader epoch {@code epoch} began at {@code startOffset}. */
public record EpochEntry(int epoch, long startOffset) {
}
