package io.kchaos.harness.run;

import io.kchaos.history.folder.FolderBytes;
import io.kchaos.history.folder.PrunedJson;

import java.nio.file.Path;

/** The line a run ends with: where its folder is, how large it is, and what pruning the brokers' data saved (pruned.json). */
public final class RunFolderSize {
    private RunFolderSize() {
    }

    /** E.g. {@code run folder: store/... (412 MB; broker data pruned to digests: 3.1 GB -> 2.4 MB)}. */
    public static String line(Path dir) {
        String pruned = PrunedJson.read(dir).map(p -> "; broker data pruned to digests: " + FolderBytes.human(p.bytesBefore())
                + " -> " + FolderBytes.human(p.bytesAfter())).orElse("");
        return "run folder: " + dir + " (" + FolderBytes.human(FolderBytes.of(dir)) + pruned + ")";
    }
}
