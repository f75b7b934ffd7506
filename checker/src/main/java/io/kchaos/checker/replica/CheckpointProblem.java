package io.kchaos.checker.replica;

import java.nio.file.Path;

/**
 * One line of a Kafka checkpoint file that does not parse (the {@code checkpoint-unreadable} evidence).
 *
 * @param path   the checkpoint file
 * @param line   1-based line number (line 1 is the version, line 2 the entry count)
 * @param reason what is wrong, in a few words
 * @param text   the offending line as found (may be empty)
 */
public record CheckpointProblem(Path path, int line, String reason, String text) {
}
