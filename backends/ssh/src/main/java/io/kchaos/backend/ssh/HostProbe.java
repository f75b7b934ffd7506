package io.kchaos.backend.ssh;

import io.kchaos.cluster.net.Netem;
import io.kchaos.nemesis.cluster.Capability;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What one host allows, found by asking it once: root (or password-less sudo), iptables, tc with netem (probed in a
 * throw-away network namespace, so nothing on the host changes), a working {@code java}, and the address the host
 * sees the control node's connections come from (for {@code partition-clients}).
 */
record HostProbe(boolean root, boolean sudo, boolean iptables, boolean netem, boolean java, String controlAddress, String hostname) {

    static HostProbe of(RemoteShell shell) {
        SshHost h = shell.host();
        String script = "echo uid=$(id -u); if [ \"$(id -u)\" != 0 ] && sudo -n true 2>/dev/null; then echo sudo=yes; S='sudo -n '; else S=; fi;"
                + " ${S}iptables -w 5 -S INPUT >/dev/null 2>&1 && echo iptables=yes;"
                + " ${S}" + Shell.join(Netem.PROBE) + " >/dev/null 2>&1 && echo netem=yes;"
                + " " + Shell.quote(h.java()) + " -version >/dev/null 2>&1 && echo java=yes;"
                + " echo client=${SSH_CLIENT%% *}; echo hostname=$(hostname)";
        Map<String, String> facts = new HashMap<>();
        shell.exec(script).stdout().lines().forEach(l -> {
            int eq = l.indexOf('=');
            if (eq > 0) facts.put(l.substring(0, eq), l.substring(eq + 1).trim());
        });
        if (!facts.containsKey("uid")) throw new HostAccessException(h, "the login shell does not run commands (no POSIX sh?)");
        HostProbe p = new HostProbe("0".equals(facts.get("uid")), facts.containsKey("sudo"), facts.containsKey("iptables"),
                facts.containsKey("netem"), facts.containsKey("java"), facts.getOrDefault("client", ""), facts.getOrDefault("hostname", "?"));
        if (p.sudo()) shell.useSudo();
        return p;
    }

    /** Capabilities this host gives the run. */
    Set<Capability> capabilities() {
        Set<Capability> c = EnumSet.noneOf(Capability.class);
        if ((root || sudo) && iptables && !controlAddress.isEmpty()) c.add(Capability.NETWORK);
        if ((root || sudo) && netem) c.add(Capability.LINK_DELAY);
        return c;
    }

    /** Why the host lacks a capability. */
    String missing(Capability c) {
        if (!root && !sudo) return "no root and no password-less sudo for the login user";
        return switch (c) {
            case NETWORK -> !iptables ? "iptables is missing or not usable" : "the host does not report the control node's address (SSH_CLIENT)";
            case LINK_DELAY -> "tc netem is unavailable (no tc, or a kernel without the sch_netem module)";
            default -> "it is not an SSH backend fault";
        };
    }
}
