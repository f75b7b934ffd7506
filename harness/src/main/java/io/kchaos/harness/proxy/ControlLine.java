package io.kchaos.harness.proxy;

/** One command line to the kchaos proxy and the text of its {@code ok} answer: the seam between the rules and the proxy's socket. */
@FunctionalInterface
interface ControlLine {
    /** Sends the line; returns what followed {@code ok} (empty for most commands); throws when the proxy refused it. */
    String command(String line);
}
