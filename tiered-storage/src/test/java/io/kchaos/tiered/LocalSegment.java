package io.kchaos.tiered;

import org.apache.kafka.server.log.remote.storage.LogSegmentData;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** A local segment's files as a broker hands them over: the log and its indexes, with random contents. */
final class LocalSegment {
    static final byte[] LEADER_EPOCHS = "0\n1\n0 0\n".getBytes(StandardCharsets.UTF_8);
    final Path folder;

    LocalSegment(Path folder) throws IOException {
        this.folder = folder;
        Random random = new Random(7);
        for (String name : List.of("00000000000000000000.log", "00000000000000000000.index", "00000000000000000000.timeindex",
                "00000000000000000000.txnindex", "00000000000000000000.snapshot")) {
            byte[] b = new byte[name.endsWith(".log") ? 1000 : 48];
            random.nextBytes(b);
            Files.write(folder.resolve(name), b);
        }
    }

    LogSegmentData data(boolean withTransactionIndex) {
        return new LogSegmentData(folder.resolve("00000000000000000000.log"), folder.resolve("00000000000000000000.index"),
                folder.resolve("00000000000000000000.timeindex"),
                withTransactionIndex ? Optional.of(folder.resolve("00000000000000000000.txnindex")) : Optional.empty(),
                folder.resolve("00000000000000000000.snapshot"), ByteBuffer.wrap(LEADER_EPOCHS));
    }

    byte[] bytes(String name) throws IOException {
        return Files.readAllBytes(folder.resolve(name));
    }
}
