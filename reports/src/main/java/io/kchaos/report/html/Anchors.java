package io.kchaos.report.html;

import io.kchaos.history.Op;

/** Anchor ids and process names shared by the sections that link into each other. */
final class Anchors {
    private Anchors() {
    }

    /** The id of a history excerpt line. */
    static String historyLine(long index) {
        return "h-" + index;
    }

    /** The id of an anomaly type's section; the type's odd characters are replaced so the id stays a plain token. */
    static String anomaly(String type) {
        return "anomaly-" + type.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    static String process(Op op) {
        return op.isNemesis() ? "nemesis" : Integer.toString(op.process());
    }
}
