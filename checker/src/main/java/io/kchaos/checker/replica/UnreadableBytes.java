package io.kchaos.checker.replica;

import java.nio.file.Path;

/**
 * Bytes at the end of a segment that do not parse as a batch (a torn write, a truncated file, garbage). Nothing after
 * them in the same segment can be read.
 *
 * @param segment     the segment file
 * @param position    where the unparseable bytes start
 * @param length      how many bytes follow up to the end of the file
 * @param offsetHint  the base offset in the unparsed header if one could be read, else -1 (unverified)
 * @param nextSegmentBaseOffset base offset of the following segment, or -1 when this is the last segment
 * @param reason      why they do not parse
 */
public record UnreadableBytes(Path segment, long position, long length, long offsetHint, long nextSegmentBaseOffset,
                              String reason) implements LogEvent {
}
