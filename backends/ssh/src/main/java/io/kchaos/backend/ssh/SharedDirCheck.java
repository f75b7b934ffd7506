package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Refuses hosts whose install directories are one directory (an NFS mount, or one path on one machine), where their
 * copies and broker folders would collide: each host leaves a file named after its id and tagged with the run, then
 * each lists the files it sees; a host that sees another host's file shares its directory.
 */
final class SharedDirCheck {
    static final String PREFIX = ".kchaos-host-";

    private SharedDirCheck() {
    }

    /**
     * Throws HostAccessException (one line) naming the first pair of hosts sharing a directory; leaves no file, and
     * then removes the directories it created.
     */
    static void refuseShared(Map<Integer, RemoteShell> shells, String runTag) {
        List<RemoteShell> all = List.copyOf(shells.values());
        List<RemoteShell> created = new ArrayList<>();
        Parallel.all(all, s -> {
            String d = Shell.quote(s.host().dir());
            String made = s.check("if [ -d " + d + " ]; then echo kept; else mkdir -p " + d + " && echo made; fi && echo "
                    + Shell.quote(runTag) + " > " + probe(s)).trim();
            if (made.equals("made")) {
                synchronized (created) {
                    created.add(s);
                }
            }
        });
        Map<Integer, List<Integer>> seen = new TreeMap<>();
        try {
            Parallel.all(all, s -> {
                String names = s.check("cd " + Shell.quote(s.host().dir()) + " && for f in " + PREFIX + "*; do [ -f \"$f\" ] && [ \"$(cat \"$f\")\" = "
                        + Shell.quote(runTag) + " ] && echo \"${f#" + PREFIX + "}\"; done; true");
                List<Integer> others = new ArrayList<>();
                names.lines().map(String::trim).filter(n -> n.matches("\\d+")).map(Integer::parseInt)
                        .filter(id -> id != s.host().id()).forEach(others::add);
                synchronized (seen) {
                    seen.put(s.host().id(), others);
                }
            });
        } finally {
            Parallel.each(all, s -> s.exec("rm -f " + probe(s)));
        }
        for (Map.Entry<Integer, List<Integer>> e : seen.entrySet()) {
            if (e.getValue().isEmpty()) continue;
            SshHost h = shells.get(e.getKey()).host();
            SshHost other = shells.get(e.getValue().get(0)).host();
            Parallel.each(created, s -> s.exec("rmdir " + Shell.quote(s.host().dir()) + " 2>/dev/null; true"));
            throw new HostAccessException(h, "its directory " + h.dir() + " is also " + other.label() + "'s (" + other.dir()
                    + "): hosts must not share an install directory (an NFS mount?); give each host its own \"dir\"");
        }
    }

    private static String probe(RemoteShell s) {
        return Shell.quote(s.host().dir() + "/" + PREFIX + s.host().id());
    }
}
