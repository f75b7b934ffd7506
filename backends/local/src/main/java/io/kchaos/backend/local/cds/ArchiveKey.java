package io.kchaos.backend.local.cds;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The cache name of the archive for a {@link JvmLaunch}: its role plus a SHA-256 over the JVM (the {@code java} path,
 * its real path and the running JVM's version when it is that JVM), the flags and every class path entry with its
 * size and modification time — what the JVM itself checks before it uses an archive. A rebuilt jar gets a new key.
 */
public record ArchiveKey(String role, String hash) {

    /** The key of a launch; a class path entry that cannot be read counts as missing (size -1), so it still gets a key. */
    public static ArchiveKey of(JvmLaunch launch) {
        MessageDigest sha = sha256();
        update(sha, "role", launch.role());
        update(sha, "java", launch.javaBin().toAbsolutePath().toString());
        update(sha, "java-real", realPath(launch.javaBin()));
        if (launch.javaBin().toAbsolutePath().equals(JvmLaunch.currentJava().toAbsolutePath())) {
            update(sha, "vm", System.getProperty("java.vm.version") + " " + System.getProperty("java.vm.name"));
        }
        for (String flag : launch.flags()) update(sha, "flag", flag);
        for (Path entry : launch.classPath()) update(sha, "cp", entry.toAbsolutePath() + " " + sizeAndTime(entry));
        return new ArchiveKey(launch.role(), HexFormat.of().formatHex(sha.digest(), 0, 16));
    }

    /** The archive's file name, e.g. {@code broker-0123abcd....jsa}. */
    public String fileName() {
        return role + "-" + hash + ".jsa";
    }

    private static String sizeAndTime(Path entry) {
        try {
            BasicFileAttributes a = Files.readAttributes(entry, BasicFileAttributes.class);
            return a.size() + " " + a.lastModifiedTime().toMillis();
        } catch (IOException e) {
            return "-1";
        }
    }

    private static String realPath(Path p) {
        try {
            return p.toRealPath().toString();
        } catch (IOException e) {
            return "?";
        }
    }

    private static void update(MessageDigest sha, String what, String value) {
        sha.update((what + "=" + value + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
