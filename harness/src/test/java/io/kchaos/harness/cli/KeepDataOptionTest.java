package io.kchaos.harness.cli;

import io.kchaos.harness.run.KeepData;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run --keep-data}: its two values, and any other refused in one line before anything starts. */
class KeepDataOptionTest {
    @Test
    void theTwoValuesParse() {
        assertEquals(KeepData.ALL, KeepData.parse("all"));
        assertEquals(KeepData.FAILING, KeepData.parse("failing"));
        assertEquals("failing", KeepData.FAILING.wire());
    }

    @Test
    void anUnknownValueIsOneLineAndExit2() {
        StringWriter err = new StringWriter();
        assertEquals(2, Main.execute(new PrintWriter(err, true), "run", "--keep-data", "none"));
        String e = err.toString();
        assertTrue(e.startsWith("kchaos: unknown --keep-data 'none'; known: all, failing"), e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
        assertEquals(1, e.strip().lines().count(), e);
    }
}
