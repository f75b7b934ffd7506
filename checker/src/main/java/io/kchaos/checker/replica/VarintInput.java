package io.kchaos.checker.replica;

import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads what {@link VarintOutput} wrote: zigzag varint shorts, ints and longs, and strings as a length and UTF-8 bytes. */
final class VarintInput implements DataInput {
    private final InputStream in;

    VarintInput(InputStream in) {
        this.in = in;
    }

    @Override
    public long readLong() throws IOException {
        long z = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = readUnsignedByte();
            z |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) return (z >>> 1) ^ -(z & 1);
        }
        throw new IOException("a varint longer than 10 bytes");
    }

    @Override
    public int readInt() throws IOException {
        long v = readLong();
        if (v != (int) v) throw new IOException("varint " + v + " is not an int");
        return (int) v;
    }

    @Override
    public short readShort() throws IOException {
        long v = readLong();
        if (v != (short) v) throw new IOException("varint " + v + " is not a short");
        return (short) v;
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xFFFF;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readLong();
    }

    @Override
    public String readUTF() throws IOException {
        byte[] b = new byte[readInt()];
        readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        if (in.readNBytes(b, off, len) < len) throw new EOFException();
    }

    @Override
    public int skipBytes(int n) throws IOException {
        return (int) in.skip(n);
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readUnsignedByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        return (byte) readUnsignedByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        int b = in.read();
        if (b < 0) throw new EOFException();
        return b;
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readLine() throws IOException {
        return readUTF();
    }
}
