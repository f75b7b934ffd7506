package io.kchaos.backend.local.storage;

import io.kchaos.nemesis.cluster.FaultNotHeld;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A fill holds once the file system reads back less free space than its last write; the real fill is DataDisksMountTest's. */
class DiskFillerTest {
    @Test
    void aFillHoldsOnlyWhenLessThanOneWriteIsLeftFree() {
        Path dir = Path.of("/nodes/1/data");
        assertDoesNotThrow(() -> DiskFiller.requireFull(dir, 8_388_608, 0));
        assertDoesNotThrow(() -> DiskFiller.requireFull(dir, 8_388_608, 4095));
        FaultNotHeld e = assertThrows(FaultNotHeld.class, () -> DiskFiller.requireFull(dir, 1_048_576, 7_340_032));
        assertEquals("disk full: /nodes/1/data still has 7340032 bytes free after 1048576 bytes were written", e.getMessage());
    }
}
