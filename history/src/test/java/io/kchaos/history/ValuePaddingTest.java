package io.kchaos.history;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void theBytesOfARecordCarryTheValuePaddedOrNot() {
        assertTrue(ValuePadding.carries(bytes(ValuePadding.encode(42, 4096)), 42));
        assertTrue(ValuePadding.carries(bytes("42"), 42));
        assertTrue(ValuePadding.carries(bytes("42#"), 42));
        assertFalse(ValuePadding.carries(bytes(ValuePadding.encode(42, 4096)), 4));
        assertFalse(ValuePadding.carries(bytes("421"), 42));
        assertFalse(ValuePadding.carries(bytes("4"), 42));
        assertFalse(ValuePadding.carries(bytes("42#xxy"), 42));
        assertFalse(ValuePadding.carries(null, 42));
        ByteBuffer slice = ByteBuffer.wrap("9942#xx7".getBytes(StandardCharsets.UTF_8), 2, 5); // "42#xx" within a larger buffer
        assertTrue(ValuePadding.carries(slice.slice().asReadOnlyBuffer(), 42));
        assertTrue(ValuePadding.carries(slice, 42));
        assertEquals(2, slice.position(), "the buffer is not moved");
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
    }
}
