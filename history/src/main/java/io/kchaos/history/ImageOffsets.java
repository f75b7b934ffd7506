package io.kchaos.history;

/**
 * The one rule for a broker's published metadata image (the offset it answers ApiVersions with, docs/format.md) against
 * the metadata quorum's high watermark: shared by the workloads that wait for a broker to catch up and the checkers
 * that decide what a broker had certainly applied.
 */
public final class ImageOffsets {
    private ImageOffsets() {
    }

    /**
     * Whether an image whose published offset is {@code published} holds every offset below {@code highWatermark} (a
     * high watermark is exclusive: the image must contain the offset just below it).
     */
    public static boolean holdsBelow(long published, long highWatermark) {
        return published >= highWatermark - 1;
    }
}
