package io.kchaos.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The files under a folder whose bytes hold a secret: for the tests that plant a password and prove no file kept it. */
public final class SecretScan {
    private SecretScan() {
    }

    /** Every regular file under {@code dir} (relative to it) holding {@code secret}'s UTF-8 bytes anywhere. */
    public static List<Path> filesHolding(Path dir, String secret) throws IOException {
        byte[] wanted = secret.getBytes(StandardCharsets.UTF_8);
        List<Path> holding = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                if (indexOf(Files.readAllBytes(p), wanted) >= 0) holding.add(dir.relativize(p));
            }
        }
        return holding;
    }

    private static int indexOf(byte[] data, byte[] wanted) {
        outer:
        for (int i = 0; i + wanted.length <= data.length; i++) {
            for (int j = 0; j < wanted.length; j++) if (data[i + j] != wanted[j]) continue outer;
            return i;
        }
        return -1;
    }
}
