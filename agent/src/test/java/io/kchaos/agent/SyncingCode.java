package io.kchaos.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Calls each rewritten JDK method the way Kafka does; loaded rewritten by {@link SyncCallRewriterTest}. */
public final class SyncingCode implements java.util.function.Consumer<Path> {
    @Override
    public void accept(Path dir) {
        try {
            try (FileChannel ch = FileChannel.open(dir.resolve("segment"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(new byte[1000]));
                ch.force(true);
                ch.write(ByteBuffer.wrap(new byte[500]));
                ch.truncate(1200);
            }
            try (FileOutputStream out = new FileOutputStream(dir.resolve("checkpoint").toFile())) {
                out.write(new byte[30]);
                out.getFD().sync();
            }
            try (RandomAccessFile raf = new RandomAccessFile(dir.resolve("index").toFile(), "rw")) {
                raf.setLength(4096);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
