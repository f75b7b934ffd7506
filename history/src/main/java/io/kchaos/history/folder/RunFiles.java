package io.kchaos.history.folder;

import java.nio.file.Path;

/**
 * The layout of one run folder: the names of the files and folders a run writes there, in one place. Readers go
 * through {@link RunJson} and {@link ResultsJson}; writers take the paths from here.
 */
public record RunFiles(Path dir) {
    public static final String RUN_JSON = "run.json";
    public static final String RESULTS_JSON = "results.json";
    public static final String HISTORY = "history.jsonl";
    public static final String LEADERS = "leaders.jsonl";
    public static final String REPORT_HTML = "report.html";
    public static final String JUNIT_XML = "junit.xml";
    public static final String CLIENT_LOG = "client.log";
    /** Folder of the node logs, {@code nodes/<id>/}. */
    public static final String NODES = "nodes";
    /** Folder of the proxy's files, for a run through the proxy. */
    public static final String PROXY = "proxy";

    /** The folder of a history file (where its run.json, if any, is). */
    public static RunFiles besideHistory(Path historyFile) {
        return new RunFiles(historyFile.toAbsolutePath().getParent());
    }

    public Path runJson() {
        return dir.resolve(RUN_JSON);
    }

    public Path results() {
        return dir.resolve(RESULTS_JSON);
    }

    public Path history() {
        return dir.resolve(HISTORY);
    }

    public Path leaders() {
        return dir.resolve(LEADERS);
    }

    public Path report() {
        return dir.resolve(REPORT_HTML);
    }

    public Path junit() {
        return dir.resolve(JUNIT_XML);
    }

    public Path clientLog() {
        return dir.resolve(CLIENT_LOG);
    }

    public Path nodes() {
        return dir.resolve(NODES);
    }

    public Path proxy() {
        return dir.resolve(PROXY);
    }
}
