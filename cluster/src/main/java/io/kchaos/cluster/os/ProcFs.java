package io.kchaos.cluster.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the harness reads of a local process in {@code /proc}: the seam that lets a test stand in a process that is slow to stop. */
public interface ProcFs {
    /** The {@code stat} line of each of the process's threads; empty when the process is gone. */
    List<String> threadStats(long pid);

    /** The machine's own {@code /proc}. */
    ProcFs LOCAL = pid -> {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path t : tasks) {
                try {
                    out.add(Files.readString(t.resolve("stat")));
                } catch (NoSuchFileException e) {
                    // the thread exited between the listing and the read
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the threads of process " + pid, e);
        }
        return out;
    };

    /** The process's thread states now. */
    default ThreadStates threads(long pid) {
        return ThreadStates.of(threadStats(pid));
    }
}
