package io.kchaos.backend.local.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The machine's mounts as {@code /proc/mounts} lists them (source, mount point, type), octal escapes undone. */
public final class MountTable {
    /** One mounted file system. */
    public record Mount(String source, String target, String type) {
    }

    private MountTable() {
    }

    /** The current mounts of this process's mount namespace. */
    public static List<Mount> read() {
        try {
            return parse(Files.readString(Path.of("/proc/mounts")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/mounts", e);
        }
    }

    /** Parses text in the format of {@code /proc/mounts}. */
    public static List<Mount> parse(String text) {
        List<Mount> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3) out.add(new Mount(unescape(f[0]), unescape(f[1]), f[2]));
        }
        return out;
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
