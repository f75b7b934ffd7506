package io.kchaos.backend.local.storage;

import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A wipe holds once the directory reads back a new directory id and nothing of its old contents. */
class LocalStorageWipeTest {
    @TempDir
    Path data;

    private static void write(Path f, String content) {
        try {
            Files.createDirectories(f.getParent());
            Files.writeString(f, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private LocalStorage storage(IntConsumer format) {
        return new LocalStorage(id -> data, id -> false, format, new DataDisks(false, 0, new ProcessCommandRunner()));
    }

    private void formattedWithData() {
        write(data.resolve("meta.properties"), "cluster.id=c1\ndirectory.id=old\n");
        write(data.resolve("queue-0/00000000000000000000.log"), "batches");
        write(data.resolve("__cluster_metadata-0/00000000000000000000.log"), "records");
    }

    @Test
    void aWipeThatFormatsANewDirectoryIdReturnsItAndLeavesNoOldEntry() {
        formattedWithData();
        var v = storage(id -> {
            write(data.resolve("meta.properties"), "cluster.id=c1\ndirectory.id=new\n");
            write(data.resolve("__cluster_metadata-0/00000000000000000000.checkpoint"), "bootstrap");
        }).wipe(1);
        assertEquals("new", v.get("directory-id").asText());
        assertFalse(Files.exists(data.resolve("queue-0")));
    }

    @Test
    void aWipeThatLeavesTheOldDirectoryIdOrAnOldPartitionIsNotHeld() {
        formattedWithData();
        FaultNotHeld sameId = assertThrows(FaultNotHeld.class, () -> storage(id -> write(data.resolve("meta.properties"),
                "cluster.id=c1\ndirectory.id=old\n")).wipe(1));
        assertEquals("wipe: node 1's directory id is still old", sameId.getMessage());
        formattedWithData();
        FaultNotHeld kept = assertThrows(FaultNotHeld.class, () -> storage(id -> {
            write(data.resolve("meta.properties"), "cluster.id=c1\ndirectory.id=new\n");
            write(data.resolve("queue-0/00000000000000000000.log"), "came back");
        }).wipe(1));
        assertEquals("wipe: node 1's data directory " + data + " still holds [queue-0]", kept.getMessage());
    }
}
