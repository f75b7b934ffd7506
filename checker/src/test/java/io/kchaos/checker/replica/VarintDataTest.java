package io.kchaos.checker.replica;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The digest's varints: every long, int and short comes back as written, small numbers of either sign in one byte. */
class VarintDataTest {
    @Test
    void numbersAndStringsComeBackAsWritten() throws IOException {
        long[] longs = {0, 1, -1, 63, -64, 64, 127, 128, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0xFFFF_FFFFL};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VarintOutput out = new VarintOutput(bytes);
        for (long v : longs) out.writeLong(v);
        out.writeInt(-7);
        out.writeShort(Short.MIN_VALUE);
        out.writeUTF("kchaos-replica-digest/3 ü");
        out.writeBoolean(true);
        out.writeByte('B');
        VarintInput in = new VarintInput(new ByteArrayInputStream(bytes.toByteArray()));
        for (long v : longs) assertEquals(v, in.readLong());
        assertEquals(-7, in.readInt());
        assertEquals(Short.MIN_VALUE, in.readShort());
        assertEquals("kchaos-replica-digest/3 ü", in.readUTF());
        assertEquals(true, in.readBoolean());
        assertEquals('B', in.readByte());
        assertThrows(EOFException.class, in::readLong);
    }

    @Test
    void smallNumbersTakeOneByte() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VarintOutput out = new VarintOutput(bytes);
        out.writeLong(1);
        out.writeLong(-1);
        out.writeInt(63);
        assertEquals(3, bytes.size());
    }

    @Test
    void aLongIsNotReadAsAnInt() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new VarintOutput(bytes).writeLong(1L << 40);
        assertThrows(IOException.class, () -> new VarintInput(new ByteArrayInputStream(bytes.toByteArray())).readInt());
    }
}
