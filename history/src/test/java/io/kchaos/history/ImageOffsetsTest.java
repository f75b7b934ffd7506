package io.kchaos.history;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ImageOffsetsTest {
    @Test
    void anImageHoldingTheOffsetBelowTheHighWatermarkHasCaughtUp() {
        assertTrue(ImageOffsets.holdsBelow(811, 812));
        assertTrue(ImageOffsets.holdsBelow(900, 812));
    }

    @Test
    void anImageBelowThatOrNoneHasNot() {
        assertFalse(ImageOffsets.holdsBelow(810, 812));
        assertFalse(ImageOffsets.holdsBelow(-1, 812));
    }
}
