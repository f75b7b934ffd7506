package io.kchaos.checker.replica;

/** What a {@link LogCursor} finds next in a partition's segments: a parsed batch, or bytes that do not parse. */
public sealed interface LogEvent permits BatchInfo, UnreadableBytes {
}
