package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.CommandRunner;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Commands and file transfers on one host over its one SSH session (each command a new exec channel on the same
 * connection). Files go through {@code cat} on the exec channel, so the host needs nothing but a POSIX shell; many
 * files at once go through one {@code tar} stream where the host has tar.
 * Commands that need root are prefixed with {@code sudo -n} when the login user is not root but may sudo.
 */
public final class RemoteShell implements CommandRunner {
    private static final SecureRandom TEMP_NAMES = new SecureRandom();
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    /** {@link #uploadAll}'s exit when the host has no tar. */
    private static final int NO_TAR = 97;
    private final SshHost host;
    private final ClientSession session;
    private volatile String privileged = "";

    RemoteShell(SshHost host, ClientSession session) {
        this.host = host;
        this.session = session;
    }

    public SshHost host() {
        return host;
    }

    /** Runs later {@link #privileged} commands through {@code sudo -n}. */
    void useSudo() {
        privileged = "sudo -n ";
    }

    /** The command prefixed for root (empty, or sudo). */
    String privileged(String command) {
        return privileged + command;
    }

    @Override
    public CommandResult run(List<String> command) {
        return exec(Shell.join(command));
    }

    /** Runs a shell script on the host (bounded wait); never throws for a non-zero exit. */
    public CommandResult exec(String script) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Exit exit = exec(script, new ByteArrayInputStream(new byte[0]), out, DEFAULT_TIMEOUT);
        return new CommandResult(exit.code(), out.toString(StandardCharsets.UTF_8), exit.stderr());
    }

    /** Runs the script and throws with its output when it fails. */
    public String check(String script) {
        CommandResult r = exec(script);
        if (!r.ok()) {
            throw new HostAccessException(host, "command failed (exit " + r.exitCode() + "): " + abbreviate(script) + ": "
                    + (r.stderr().isBlank() ? r.stdout() : r.stderr()).strip());
        }
        return r.stdout();
    }

    /** Copies a local file to {@code remote} (written to a temporary name, then renamed). */
    public void upload(Path local, String remote) {
        try (InputStream in = Files.newInputStream(local)) {
            upload(in, remote);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + local, e);
        }
    }

    /**
     * Copies local files into {@code remoteDir} (which exists) through one exec channel, a tar stream unpacked into a
     * temporary folder of this host's own and each file renamed into place, so a reader never sees a partial file.
     * Returns false, having changed nothing, when the host has no {@code tar} or a name does not fit the stream; the
     * caller then copies file by file.
     */
    boolean uploadAll(List<Path> files, String remoteDir) {
        if (files.isEmpty()) return true;
        if (!TarStream.fits(files)) return false;
        String dir = Shell.quote(remoteDir);
        String tmp = Shell.quote(partName(remoteDir + "/"));
        String script = "command -v tar >/dev/null 2>&1 || exit " + NO_TAR + "; mkdir " + tmp + " && tar -xo -f - -C " + tmp
                + " && mv -f " + tmp + "/* " + dir + "/ && rmdir " + tmp + " || { s=$?; rm -rf " + tmp + "; exit $s; }";
        try (InputStream in = TarStream.of(files)) {
            Exit exit = exec(script, in, OutputStream.nullOutputStream(), DEFAULT_TIMEOUT);
            if (exit.code() == NO_TAR) return false;
            if (exit.code() != 0) throw new HostAccessException(host, "cannot write " + files.size() + " files to " + remoteDir + ": " + exit.stderr().strip());
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the files for " + remoteDir, e);
        }
    }

    /** Writes the bytes to {@code remote}. */
    public void upload(byte[] content, String remote) {
        upload(new ByteArrayInputStream(content), remote);
    }

    /** Writes to a temporary name of this host's own ({@link #partName}), then renames it into place. */
    private void upload(InputStream in, String remote) {
        String tmp = partName(remote);
        Exit exit = exec("cat > " + Shell.quote(tmp) + " && mv -f " + Shell.quote(tmp) + " " + Shell.quote(remote), in,
                OutputStream.nullOutputStream(), DEFAULT_TIMEOUT);
        if (exit.code() != 0) throw new HostAccessException(host, "cannot write " + remote + ": " + exit.stderr().strip());
    }

    /**
     * A temporary name beside {@code base} (a file's path, or a folder's with its slash) of this host's own: two hosts
     * may share the folder (e.g. on NFS), so concurrent copies never write one temporary file.
     */
    private String partName(String base) {
        return base + ".part-n" + host.id() + "-" + Long.toHexString(TEMP_NAMES.nextLong());
    }

    /** Copies {@code remote} to a local file. */
    public void download(String remote, Path local) {
        try (OutputStream out = Files.newOutputStream(local)) {
            Exit exit = exec("cat " + Shell.quote(remote), new ByteArrayInputStream(new byte[0]), out, DEFAULT_TIMEOUT);
            if (exit.code() != 0) throw new HostAccessException(host, "cannot read " + remote + ": " + exit.stderr().strip());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + local, e);
        }
    }

    /** A command's exit code (124 timed out, 255 no status) and its stderr. */
    private record Exit(int code, String stderr) {
    }

    private Exit exec(String script, InputStream in, OutputStream out, Duration timeout) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ChannelExec ch = session.createExecChannel(script)) {
            ch.setIn(in);
            ch.setOut(out);
            ch.setErr(err);
            ch.open().verify(timeout);
            Set<ClientChannelEvent> events = ch.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), timeout.toMillis());
            if (events.contains(ClientChannelEvent.TIMEOUT)) return new Exit(124, "timed out after " + timeout.toSeconds() + " s");
            Integer status = ch.getExitStatus();
            return new Exit(status == null ? 255 : status, err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Exit(255, "ssh: " + e.getMessage());
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
