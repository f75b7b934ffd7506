package io.kchaos.backend.local.storage;

import io.kchaos.history.folder.RunFiles;
import io.kchaos.agent.SyncAgent;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import io.kchaos.nemesis.cluster.PowerControl.DroppedBytes;
import io.kchaos.nemesis.cluster.PowerControl.LieScope;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The sync tracking of a local cluster, on only when a fault needs it: the {@code -javaagent} argument that makes a
 * broker journal its syncs into {@code nodes/<id>/sync-journal.log} (in the run folder, outside the data directory,
 * kept across restarts), the baseline of durable files, and the cut a power loss makes.
 */
public final class SyncTracking {
    private static final String JOURNAL = RunFiles.SYNC_JOURNAL;
    private final Path agentJar;

    SyncTracking(Path agentJar) {
        this.agentJar = agentJar;
    }

    /** Tracking with the agent jar found next to this harness (its {@code lib/} or the agent module's target). */
    public static SyncTracking withBundledAgent() {
        return new SyncTracking(agentJar());
    }

    /** The broker JVM arguments that load the agent, journaling into the node's folder {@code nodeDir}. */
    public List<String> jvmArgs(Path nodeDir) {
        return List.of("-javaagent:" + agentJar + "=" + journal(nodeDir).file());
    }

    /** Declares every file of the node's data directory durable as it is now (after formatting, a power loss, a wipe). */
    public void baseline(Path nodeDir, Path dataDir) {
        journal(nodeDir).recordBaseline(dataDir);
    }

    /**
     * Cuts the data directory of a node whose broker is dead to what it had synced, then re-baselines it (what is left
     * is durable; a lie the cut applied is over). Returns the files that lost bytes.
     */
    public List<DroppedBytes> cut(Path nodeDir, Path dataDir, boolean tornWrites, Random random) {
        SyncMarks marks = journal(nodeDir).read();
        if (marks.unidentified() > 0) {
            System.out.println("warning: node folder " + nodeDir.getFileName() + ": " + marks.unidentified()
                    + " sync call(s) could not be attributed to a file; their files may lose synced bytes (see " + JOURNAL + ")");
        }
        List<DroppedBytes> dropped = PowerCut.apply(dataDir, marks, tornWrites ? TornWrites.randomPrefix(random) : TornWrites.NONE);
        if (marks.lie().isPresent()) journal(nodeDir).recordLieApplied();
        baseline(nodeDir, dataDir);
        return dropped;
    }

    /**
     * Makes the node's disk lie about fsync within {@code scope} from now on, read back from its journal, else
     * {@link FaultNotHeld}. A lie already in force keeps its start.
     */
    public void lie(Path nodeDir, LieScope scope) {
        SyncJournal journal = journal(nodeDir);
        journal.recordLie(scope);
        if (journal.read().lie().isEmpty()) {
            throw new FaultNotHeld("lying disk: the sync journal of node folder " + nodeDir.getFileName() + " does not read back the lie");
        }
    }

    private static SyncJournal journal(Path nodeDir) {
        return new SyncJournal(nodeDir.resolve(JOURNAL));
    }

    /** The agent's jar: the jar {@link SyncAgent} was loaded from, or (classes directory) the one built beside it. */
    static Path agentJar() {
        Path where;
        try {
            where = Path.of(SyncAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot locate the kchaos sync agent", e);
        }
        if (Files.isRegularFile(where)) return where;
        try (Stream<Path> s = Files.list(where.getParent())) {
            return s.filter(p -> p.getFileName().toString().matches("kchaos-agent-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the kchaos sync agent jar is not built (mvn package in agent/)"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
