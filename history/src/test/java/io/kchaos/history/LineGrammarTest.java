package io.kchaos.history;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules of {@link LineGrammar} one by one: blank lines, encoding, limits, and what a torn line is. */
class LineGrammarTest {
    private static final int MAX = LineGrammar.MAX_LINE_CHARS;
    private static final List<String> VALID = List.of(
            "{\"index\":3,\"time\":40,\"process\":1,\"type\":\"ok\",\"f\":\"drain\",\"value\":{\"records\":[{\"partition\":0,\"offset\":7,"
                    + "\"key\":\"k\u00e9\u20ac\ud83d\ude00\",\"value\":-1}],\"end-offsets\":{\"0\":8}},\"error\":null}",
            " { \"value\" : [ 1.5e3 , true , false , null , \"a\\\"\\u00e9\\n\" ] , \"f\" : \"kill\" , \"type\" : \"info\" ,"
                    + " \"process\" : \"nemesis\" , \"time\" : 0 , \"index\" : -0 , \"error\" : \"x\" } ");

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean torn(byte[] b, int length) {
        return LineGrammar.isTorn(b, 0, length, MAX);
    }

    @Test
    void everyProperPrefixOfAValidLineIsTornAtEveryByte() {
        for (String line : VALID) {
            byte[] b = utf8(line);
            LineGrammar.read(b, 0, b.length, MAX);
            int whole = line.stripTrailing().length() == line.length() ? b.length : b.length - 1;
            for (int cut = 1; cut < whole; cut++) {
                if (LineGrammar.isBlank(b, 0, cut)) continue;
                assertTrue(torn(b, cut), "cut after byte " + cut + ": " + new String(b, 0, cut, StandardCharsets.UTF_8));
            }
            assertFalse(torn(b, b.length), "a whole line is not torn");
        }
    }

    @Test
    void aCompleteObjectOrABeginningNoValidLineHasIsNotTorn() {
        String ok = VALID.get(0);
        for (String bad : List.of(ok.replace("\"type\":\"ok\"", "\"type\":\"ok\",\"type\":\"ok\""), ok + ok, ok + "{\"index\":4",
                "{\"index\":-1,\"ti", "{\"index\":1.5", "{\"type\":\"done\",", "{\"f\":3", "{\"index\":[", "{\"a\":1,\"a\"",
                "{\"index\":\"3\"", "[{\"index\":3", "{\"a\":tx", "{\"a\":01", "{\"" + "k".repeat(1_001), "\u0000{\"index\":1")) {
            byte[] b = utf8(bad);
            assertFalse(torn(b, b.length), bad);
        }
        byte[] latin1 = "{\"key\":\"\u00e9x".getBytes(StandardCharsets.ISO_8859_1);
        assertFalse(torn(latin1, latin1.length), "a byte that begins no UTF-8 character");
    }

    @Test
    void onlySpaceTabAndCrAreBlank() {
        assertNull(LineGrammar.read(utf8(" \t\r "), 0, 4, MAX));
        assertNull(LineGrammar.read(new byte[0], 0, 0, MAX));
        for (String s : List.of("\u000b", "\u000c", "\u001f", "\u00a0", "\u2028", "\u3000", "\ufeff")) {
            byte[] b = utf8(s);
            assertFalse(LineGrammar.isBlank(b, 0, b.length), s);
            assertThrows(IllegalArgumentException.class, () -> LineGrammar.read(b, 0, b.length, MAX), s);
        }
    }

    @Test
    void aLineTooLongIsRefusedEvenWhenBlank() {
        byte[] b = utf8(" ".repeat(11));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LineGrammar.read(b, 0, b.length, 10));
        assertTrue(e.getMessage().startsWith("longer than 10 characters"), e.getMessage());
    }

    @Test
    void utf16AndNulAreNotUtf8Text() {
        byte[] b = "{\"index\":0}".getBytes(StandardCharsets.UTF_16LE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LineGrammar.read(b, 0, b.length, MAX));
        assertEquals("not UTF-8 text: a NUL character (UTF-16 or UTF-32?)", e.getMessage());
    }
}
