package io.kchaos.checker.replica;

import java.io.DataOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A {@link DataOutput} that writes shorts, ints and longs as zigzag varints (one byte for small numbers of either sign)
 * and strings as a varint length and their UTF-8 bytes: the replica digest's numbers are mostly small, and fixed widths
 * cost the digest's compression more than their values. {@link VarintInput} reads it back.
 */
final class VarintOutput implements DataOutput {
    private final OutputStream out;

    VarintOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void writeLong(long v) throws IOException {
        long z = (v << 1) ^ (v >> 63);
        while ((z & ~0x7FL) != 0) {
            out.write((int) ((z & 0x7F) | 0x80));
            z >>>= 7;
        }
        out.write((int) z);
    }

    @Override
    public void writeInt(int v) throws IOException {
        writeLong(v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        writeLong((short) v);
    }

    @Override
    public void writeChar(int v) throws IOException {
        writeLong((char) v);
    }

    @Override
    public void writeUTF(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeLong(b.length);
        out.write(b);
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        out.write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) throws IOException {
        out.write(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) throws IOException {
        writeUTF(s);
    }

    @Override
    public void writeChars(String s) throws IOException {
        writeUTF(s);
    }
}
