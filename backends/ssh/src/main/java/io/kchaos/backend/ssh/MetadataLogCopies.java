package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import io.kchaos.history.folder.RunFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Copies each host's KRaft metadata log ({@code __cluster_metadata-0}: segments, indexes, snapshots, quorum-state) and
 * its {@code meta.properties} into {@code nodes/<id>/metadata/} after the clean stop, so the Raft audit reads the hosts'
 * logs as it reads the local backend's. The log is looked for in each of the broker's data directories (the first
 * holding it wins: {@code metadata.log.dir} is one of them in the layouts kchaos deploys; an existing cluster's may be
 * elsewhere, and then its node has no copy). Only regular files are copied, one {@code cat} each.
 */
final class MetadataLogCopies {
    static final String LOG = "__cluster_metadata-0";

    private final Path nodesDir;

    MetadataLogCopies(Path nodesDir) {
        this.nodesDir = nodesDir;
    }

    /** Copies every broker's log; node id (in order) → the local folder holding {@code __cluster_metadata-0}, for those found. */
    Map<Integer, Path> collect(List<HostBroker> brokers) {
        Map<Integer, Path> found = new ConcurrentHashMap<>();
        Parallel.all(brokers, b -> {
            Path local = copy(b);
            if (local != null) found.put(b.shell().host().id(), local);
        });
        return new TreeMap<>(found);
    }

    /** The local folder holding the copy, or null when no data directory of the broker holds the log. */
    private Path copy(HostBroker b) {
        RemoteShell s = b.shell();
        for (String dir : b.dataDirs()) {
            String log = dir + "/" + LOG;
            String listing = s.exec("[ -d " + Shell.quote(log) + " ] && cd " + Shell.quote(log) + " && find . -maxdepth 1 -type f -printf '%f\\n'").stdout();
            if (listing == null || listing.isBlank()) continue;
            Path local = nodesDir.resolve(Integer.toString(s.host().id())).resolve(RunFiles.METADATA);
            try {
                Files.createDirectories(local.resolve(LOG));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String f : listing.strip().split("\n")) s.download(log + "/" + f, local.resolve(LOG).resolve(f));
            if (s.exec("[ -f " + Shell.quote(dir + "/meta.properties") + " ]").ok()) s.download(dir + "/meta.properties", local.resolve("meta.properties"));
            return local;
        }
        return null;
    }
}
