package io.kchaos.backend.ssh;

import io.kchaos.cluster.os.CommandResult;
import io.kchaos.cluster.os.ProcessCommandRunner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test hosts on this machine: n network namespaces on a bridge of their own, each running Debian's OpenSSH server
 * with a host key and an authorized user key the test generated, each with its own base folder (the hosts share
 * this machine's file system). Names start with {@code kcssh}, which kchaos's own network janitor never touches.
 * {@link #close()} removes everything: sshd and any process left in the namespaces, namespaces, links, rules, files.
 */
public final class SshTestHosts implements AutoCloseable {
    private final ProcessCommandRunner runner = new ProcessCommandRunner();
    private final String tag = Long.toString(ProcessHandle.current().pid() % 100_000);
    private final Path root;
    private final int count;
    private final String subnet;
    private final List<Process> sshds = new ArrayList<>();
    private final List<List<String>> undo = new ArrayList<>();

    public SshTestHosts(int count) throws IOException {
        this.count = count;
        this.root = Files.createTempDirectory("kcssh-" + tag + "-");
        this.subnet = "10.214." + (ProcessHandle.current().pid() % 200 + 20);
        try {
            setUp();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Whether this machine can run the hosts (root, ip, iptables, sshd). */
    public static boolean available() {
        ProcessCommandRunner r = new ProcessCommandRunner();
        return "0".equals(r.run("id", "-u").stdout().trim()) && r.run("ip", "-V").ok() && r.run("iptables", "--version").ok()
                && Files.isExecutable(Path.of("/usr/sbin/sshd")) && r.run("ssh-keygen", "-l", "-f", "/dev/null").exitCode() != 127;
    }

    private void setUp() throws IOException {
        String br = bridge();
        check("ip", "link", "add", br, "type", "bridge");
        undo.add(0, List.of("ip", "link", "del", br));
        check("ip", "addr", "add", subnet + ".1/24", "dev", br);
        check("ip", "link", "set", br, "up");
        List<String> forward = List.of("-i", br, "-o", br, "-m", "comment", "--comment", "kcssh-" + tag, "-j", "ACCEPT");
        List<String> add = new ArrayList<>(List.of("iptables", "-w", "5", "-I", "FORWARD", "1"));
        add.addAll(forward);
        check(add.toArray(String[]::new));
        List<String> del = new ArrayList<>(List.of("iptables", "-w", "5", "-D", "FORWARD"));
        del.addAll(forward);
        undo.add(0, del);
        Files.createDirectories(Path.of("/run/sshd"));
        check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "kchaos-test", "-f", userKey().toString());
        check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "kchaos-test-other", "-f", root.resolve("other_key").toString());
        Files.copy(root.resolve("user_key.pub"), root.resolve("authorized_keys"));
        StringBuilder known = new StringBuilder();
        for (int i = 1; i <= count; i++) known.append(startHost(i));
        Files.writeString(knownHosts(), known.toString());
    }

    /** One namespace with its veth on the bridge and an sshd; returns its known_hosts line. */
    private String startHost(int i) throws IOException {
        String ns = namespace(i);
        String veth = "kcsv" + tag + i;
        check("ip", "netns", "add", ns);
        undo.add(0, List.of("ip", "netns", "del", ns));
        check("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
        undo.add(0, List.of("ip", "link", "del", veth));
        check("ip", "link", "set", veth, "master", bridge());
        check("ip", "link", "set", veth, "up");
        check("ip", "netns", "exec", ns, "ip", "addr", "add", address(i) + "/24", "dev", "eth0");
        check("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up");
        check("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
        Path hostKey = root.resolve("host" + i + "_key");
        check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey.toString());
        Files.createDirectories(dir(i).getParent());
        Files.createDirectories(home(i));
        Process sshd = new ProcessBuilder("ip", "netns", "exec", ns, "/usr/sbin/sshd", "-D", "-e", "-f", "/dev/null",
                "-o", "ListenAddress=" + address(i), "-o", "Port=22", "-o", "HostKey=" + hostKey,
                "-o", "AuthorizedKeysFile=" + root.resolve("authorized_keys"), "-o", "PermitRootLogin=prohibit-password",
                "-o", "StrictModes=no", "-o", "UsePAM=no", "-o", "PidFile=none", "-o", "PasswordAuthentication=no",
                "-o", "KbdInteractiveAuthentication=no", "-o", "MaxSessions=50", "-o", "MaxStartups=50",
                // each host has a home of its own, as a real host does, instead of this machine's root home: where
                // root's .bashrc runs `pyenv init` (as on the build machine), every session spent about 2 s in it (45
                // jar copies: 100 s per host under load) and ran `pyenv rehash` under one lock (60 s behind a lock a
                // killed session left); SetEnv overrides the HOME sshd sets, so bash finds no .bashrc
                "-o", "SetEnv=HOME=" + home(i) + " PYENV_REHASH_TIMEOUT=-1")
                .redirectErrorStream(true).redirectOutput(root.resolve("sshd" + i + ".log").toFile()).start();
        sshds.add(sshd);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!runner.run("ip", "netns", "exec", ns, "sh", "-c", "ss -ltn | grep -q ':22 '").ok()) {
            if (!sshd.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("sshd of host " + i + " did not start: " + Files.readString(root.resolve("sshd" + i + ".log")));
            }
            sleep(100);
        }
        String pub = Files.readString(Path.of(hostKey + ".pub")).trim().split("\\s+", 3)[0] + " "
                + Files.readString(Path.of(hostKey + ".pub")).trim().split("\\s+", 3)[1];
        return address(i) + " " + pub + "\n";
    }

    public String bridge() {
        return "kcsb" + tag;
    }

    public String namespace(int i) {
        return "kcssh-" + tag + "-" + i;
    }

    public String address(int i) {
        return subnet + "." + (10 + i);
    }

    /** The hosts' addresses, comma-separated (for --hosts). */
    public String addresses() {
        List<String> a = new ArrayList<>();
        for (int i = 1; i <= count; i++) a.add(address(i));
        return String.join(",", a);
    }

    /** Host i's own home folder (empty: no shell start-up files). */
    private Path home(int i) {
        return root.resolve("home" + i);
    }

    /** Host i's base folder (kchaos's --remote-dir or "dir"). */
    public Path dir(int i) {
        return root.resolve("host" + i).resolve("kchaos");
    }

    public Path root() {
        return root;
    }

    public Path userKey() {
        return root.resolve("user_key");
    }

    public Path otherKey() {
        return root.resolve("other_key");
    }

    public Path knownHosts() {
        return root.resolve("known_hosts");
    }

    /** A command inside host i's namespace. */
    public CommandResult inHost(int i, String script) {
        return runner.run("ip", "netns", "exec", namespace(i), "sh", "-c", script);
    }

    /** Java processes running in host i's namespace (brokers, readers). */
    public List<String> javaProcesses(int i) {
        List<String> out = new ArrayList<>();
        for (String pid : runner.run("ip", "netns", "pids", namespace(i)).stdout().lines().map(String::trim).toList()) {
            String comm = runner.run("ps", "-o", "comm=", "-p", pid).stdout().trim();
            if (comm.equals("java")) out.add(pid);
        }
        return out;
    }

    /** iptables rules kchaos tagged in host i. */
    public List<String> kchaosRules(int i) {
        return inHost(i, "iptables -w 5 -S").stdout().lines().filter(l -> l.contains("kchaos-ssh-")).toList();
    }

    /** What is left in host i's base folder (empty when it is gone). */
    public List<String> filesLeft(int i) throws IOException {
        if (!Files.exists(dir(i))) return List.of();
        try (Stream<Path> s = Files.walk(dir(i))) {
            return s.map(p -> dir(i).relativize(p).toString()).filter(p -> !p.isEmpty()).sorted().toList();
        }
    }

    private void check(String... command) {
        CommandResult r = runner.run(command);
        if (!r.ok()) throw new IllegalStateException(String.join(" ", command) + ": " + r.stderr().strip());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        for (Process p : sshds) {
            p.destroy();
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (int i = 1; i <= count; i++) {
            for (String pid : runner.run("ip", "netns", "pids", namespace(i)).stdout().lines().map(String::trim).toList()) {
                if (pid.matches("\\d+")) runner.run("kill", "-9", pid);
            }
        }
        for (List<String> u : undo) runner.run(u);
        runner.run("rm", "-rf", root.toString());
    }
}
