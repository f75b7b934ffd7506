package io.kchaos.cluster.stop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A LogTail gives each piece appended after it was made once, and appends a line. */
class LogTailTest {
    @Test
    void eachReadGivesWhatWasAppendedSinceThePreviousOneNothingFromBefore(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "before the stop\n");
        LogTail tail = LogTail.fromEnd(log);
        assertEquals("", tail.appended());
        Files.writeString(log, "a line in two ", StandardOpenOption.APPEND);
        assertEquals("a line in two ", tail.appended());
        Files.writeString(log, "pieces\n", StandardOpenOption.APPEND);
        assertEquals("pieces\n", tail.appended());
        assertEquals("", tail.appended());
    }

    @Test
    void aLogNotThereYetIsReadFromItsStartOnceItIs(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("server.log");
        LogTail tail = LogTail.fromEnd(log);
        assertEquals("", tail.appended());
        Files.writeString(log, "first\n");
        assertEquals("first\n", tail.appended());
    }

    @Test
    void appendAddsALineAndNamesTheFileWhenItCannot(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "x\n");
        LogTail.fromEnd(log).append("note");
        assertEquals("x\nnote\n", Files.readString(log));
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> LogTail.fromEnd(dir.resolve("gone.log")).append("note"));
        assertTrue(e.getMessage().startsWith(dir.resolve("gone.log") + ": "), e.getMessage());
    }
}
