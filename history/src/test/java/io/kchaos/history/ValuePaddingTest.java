package io.kchaos.history;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A padded value is the size asked for and reads back as the number it carries; size 0 is the plain decimal. */
class ValuePaddingTest {
    @Test
    void sizeZeroIsTheDecimalByteForByte() {
        assertEquals("0", ValuePadding.encode(0, 0));
        assertEquals(Long.toString(Long.MAX_VALUE), ValuePadding.encode(Long.MAX_VALUE, 0));
        assertEquals(-7L, ValuePadding.decode(ValuePadding.encode(-7, 0)));
    }

    @Test
    void aPaddedValueHasTheSizeInBytesAndReadsBackAsItsNumber() {
        for (long v : new long[]{0, 1, 4_095, 123_456_789, Long.MAX_VALUE}) {
            String padded = ValuePadding.encode(v, 4096);
            assertEquals(4096, padded.getBytes(StandardCharsets.UTF_8).length);
            assertEquals(v, ValuePadding.decode(padded));
            assertEquals(v, ValuePadding.decode(new String(padded.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)));
        }
        assertEquals(ValuePadding.MAX_BYTES, ValuePadding.encode(5, ValuePadding.MAX_BYTES).length());
    }

    @Test
    void aSizeBelowTheDigitsKeepsThemAndTheSeparator() {
        assertEquals("12345#", ValuePadding.encode(12345, 3));
        assertEquals("1#", ValuePadding.encode(1, 1));
        assertEquals(12345L, ValuePadding.decode("12345#"));
    }

    @Test
    void whatKchaosDidNotWriteIsNoValue() {
        assertNull(ValuePadding.decode(null));
        assertNull(ValuePadding.decode("hello"));
        assertNull(ValuePadding.decode("12#xxyx"));
        assertNull(ValuePadding.decode("#xxx"));
        assertNull(ValuePadding.decode("1#2#x"));
        assertThrows(IllegalArgumentException.class, () -> ValuePadding.encode(1, -1));
        assertThrows(IllegalArgumentException.class, () -> ValuePadding.encode(1, ValuePadding.MAX_BYTES + 1));
    }
}
