package io.kchaos.tiered;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** File writes that are on disk when they return: every new file and every changed folder entry is fsynced. */
final class DurableFiles {
    private DurableFiles() {
    }

    /** Copies {@code source} to the new file {@code target} and fsyncs it; returns the bytes copied. */
    static long copy(Path source, Path target) throws IOException {
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = in.size();
            long done = 0;
            while (done < size) done += in.transferTo(done, size - done, out);
            out.force(true);
            return size;
        }
    }

    /** Writes the remaining bytes of {@code bytes} (its position untouched) to the new file {@code target} and fsyncs it. */
    static long write(ByteBuffer bytes, Path target) throws IOException {
        ByteBuffer b = bytes.duplicate();
        long size = b.remaining();
        try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            while (b.hasRemaining()) out.write(b);
            out.force(true);
        }
        return size;
    }

    /** Fsyncs a folder, so that the entries made or renamed in it survive a crash. */
    static void syncFolder(Path folder) throws IOException {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }

    /** Deletes a folder and everything in it; a folder already gone is fine. */
    static void deleteTree(Path folder) throws IOException {
        List<Path> paths;
        try (Stream<Path> s = Files.walk(folder)) {
            paths = s.sorted(Comparator.reverseOrder()).toList();
        } catch (NoSuchFileException gone) {
            return;
        }
        for (Path p : paths) Files.deleteIfExists(p);
    }
}
