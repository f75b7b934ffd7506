package io.kchaos.history.folder;

import io.kchaos.history.HistoryFormat;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The layout of one run folder: the names of every file and folder a run writes there, the nodes' and the proxy's
 * included, in one place (docs/format.md's run-folder table lists the same, as a test holds). Readers go through
 * {@link RunJson} and {@link ResultsJson}; writers take the paths from here.
 */
public record RunFiles(Path dir) {
    public static final String RUN_JSON = "run.json";
    public static final String RESULTS_JSON = "results.json";
    /** The history as JSON lines ({@code --history-format jsonl}). */
    public static final String HISTORY = "history.jsonl";
    /** The same lines in zstd frames ({@code --history-format zstd}); a run folder holds one of the two. */
    public static final String HISTORY_ZSTD = "history.jsonl.zst";
    public static final String LEADERS = "leaders.jsonl";
    /** The metadata quorum as polled during the run, one {@link QuorumSamples} line each. */
    public static final String QUORUM = "quorum.jsonl";
    public static final String REPORT_HTML = "report.html";
    public static final String JUNIT_XML = "junit.xml";
    public static final String CLIENT_LOG = "client.log";
    /** Why a run ended without a verdict (its cluster did not start, a backend failed): the one line kchaos printed; absent otherwise. */
    public static final String FAILURE_TXT = "failure.txt";
    /** What pruning a VALID run's broker data removed and kept ({@code --keep-data failing}); absent when nothing was pruned. */
    public static final String PRUNED_JSON = "pruned.json";
    /** Folder of the node logs, {@code nodes/<id>/}. */
    public static final String NODES = "nodes";
    /** A tiered run's bucket: the remote tier every broker shares, with its call logs (docs/format.md, tiered-storage bucket). */
    public static final String BUCKET = "bucket";
    /** Folder of the proxy's files, for a run through the proxy. */
    public static final String PROXY = "proxy";

    /** In a node's folder {@code nodes/<id>/}: the broker's output. */
    public static final String SERVER_LOG = "server.log";
    /** In a node's folder: the broker's configuration as it was started. */
    public static final String SERVER_PROPERTIES = "server.properties";
    /** In a node's folder: the output of {@code kafka-storage format} (local and Docker backends). */
    public static final String FORMAT_LOG = "format.log";
    /** In a node's folder: the broker process's id (local backend). */
    public static final String BROKER_PID = "broker.pid";
    /** In a node's folder: the journal of the broker's syncs, when a fault needs it (local backend, power loss). */
    public static final String SYNC_JOURNAL = "sync-journal.log";
    /** In a node's folder: the data directory. */
    public static final String DATA = "data";
    /** In a node's folder: the KRaft metadata log, when it is kept apart from the data directory. */
    public static final String METADATA = "metadata";
    /**
     * In a node's folder: the digest of the node's replicas the audit reads (SSH backend); in a log dir pruned after a
     * VALID run, the digest of that dir, read in its place.
     */
    public static final String REPLICA_DIGEST = "replica.digest";
    /** In {@code nodes/}: the SSH backend's scratch folder for the replica audit. */
    public static final String AUDIT_SCRATCH = ".audit";

    /** In {@code proxy/}: the proxy JVM's output. */
    public static final String PROXY_LOG = "proxy.log";
    /** In {@code proxy/}: one JSON object a line for each thing the proxy did. */
    public static final String PROXY_ACTIONS = "proxy-actions.jsonl";
    /** In {@code proxy/}: the folder of the proxy JVM's watchdog jar. */
    public static final String PROXY_WATCHDOG = "proxy-watchdog";

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

    /** A tiered run's bucket folder. */
    public Path bucket() {
        return dir.resolve(BUCKET);
    }

    /** The run's history file: the compressed one when only it exists, else history.jsonl (which may not exist). */
    public Path history() {
        Path plain = dir.resolve(HISTORY);
        Path compressed = history(HistoryFormat.ZSTD);
        return !Files.exists(plain) && Files.exists(compressed) ? compressed : plain;
    }

    /** Where a run writing its history in {@code format} puts it. */
    public Path history(HistoryFormat format) {
        return dir.resolve(switch (format) {
            case JSONL -> HISTORY;
            case ZSTD -> HISTORY_ZSTD;
        });
    }

    public Path quorum() {
        return dir.resolve(QUORUM);
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

    public Path pruned() {
        return dir.resolve(PRUNED_JSON);
    }

    public Path failure() {
        return dir.resolve(FAILURE_TXT);
    }

    public Path clientLog() {
        return dir.resolve(CLIENT_LOG);
    }

    public Path nodes() {
        return dir.resolve(NODES);
    }

    /** The folder of node {@code id}, {@code nodes/<id>/}. */
    public Path node(int id) {
        return nodes().resolve(Integer.toString(id));
    }

    public Path proxy() {
        return dir.resolve(PROXY);
    }
}
