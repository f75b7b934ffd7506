package io.kchaos.backend.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Copies files into a folder on a host, skipping those whose SHA-256 there already matches; the rest go in one tar
 * stream (one exec channel, where each channel costs the host a login shell), or one by one on a host without tar.
 */
final class FileSync {
    private FileSync() {
    }

    /** Makes {@code remoteDir} hold these files (by name); returns how many were copied. */
    static int sync(RemoteShell shell, List<Path> files, String remoteDir) {
        String dir = Shell.quote(remoteDir);
        shell.check("mkdir -p " + dir);
        Map<String, String> there = new HashMap<>();
        shell.exec("cd " + dir + " && sha256sum -- * 2>/dev/null").stdout().lines().forEach(l -> {
            String[] f = l.split("\\s+\\*?", 2);
            if (f.length == 2) there.put(f[1].trim(), f[0]);
        });
        List<Path> missing = files.stream().filter(f -> !sha256(f).equals(there.get(f.getFileName().toString()))).toList();
        if (!shell.uploadAll(missing, remoteDir)) {
            for (Path f : missing) shell.upload(f, remoteDir + "/" + f.getFileName());
        }
        return missing.size();
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) md.update(buf, 0, n);
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
