package io.kchaos.backend.local.net;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of everything one {@link NamespaceHosts} creates, recognisable as kchaos's and carrying the owning harness's
 * pid (plus a letter per instance in that JVM), so {@link NetworkJanitor} can tell what a dead harness left:
 * namespaces {@code kchaos-<pid><i>-n<node>}, bridge {@code kc<pid><i>br}, host-side veths {@code kc<pid><i>v<node>}
 * (Linux link names are at most 15 characters), iptables comments {@code kchaos-<pid><i>}.
 */
public record NetNames(long pid, char instance) {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final Pattern NAMESPACE = Pattern.compile("kchaos-(\\d+)[a-z]-n\\d+");
    private static final Pattern LINK = Pattern.compile("kc(\\d+)[a-z](?:br|v\\d+)");
    private static final Pattern COMMENT = Pattern.compile("--comment \"?kchaos-(\\d+)[a-z]\"?(?:\\s|$)");
    static final int MAX_LINK_NAME = 15;

    public NetNames {
        if (instance < 'a' || instance > 'z') throw new IllegalArgumentException("instance letter a-z, got " + instance);
    }

    /** Fresh names for this JVM: its pid and the next instance letter. */
    public static NetNames next() {
        return new NetNames(ProcessHandle.current().pid(), (char) ('a' + Math.floorMod(NEXT.getAndIncrement(), 26)));
    }

    /** {@code <pid><letter>}, unique among live hosts sets on this machine. */
    public String tag() {
        return Long.toString(pid) + instance;
    }

    /** The iptables comment on every rule of this instance. */
    public String comment() {
        return "kchaos-" + tag();
    }

    public String namespace(int node) {
        return "kchaos-" + tag() + "-n" + node;
    }

    public String bridge() {
        return link("br");
    }

    public String hostVeth(int node) {
        return link("v" + node);
    }

    private String link(String suffix) {
        String name = "kc" + tag() + suffix;
        if (name.length() > MAX_LINK_NAME) throw new IllegalArgumentException("link name too long for Linux: " + name);
        return name;
    }

    /** The harness pid owning a kchaos namespace name; empty for any other name. */
    public static Optional<Long> ownerOfNamespace(String name) {
        return owner(NAMESPACE.matcher(name), true);
    }

    /** The harness pid owning a kchaos link (bridge or veth); empty for any other name. */
    public static Optional<Long> ownerOfLink(String name) {
        return owner(LINK.matcher(name), true);
    }

    /** The harness pid in the kchaos comment of an {@code iptables -S} line; empty if it has none. */
    public static Optional<Long> ownerOfRule(String line) {
        return owner(COMMENT.matcher(line), false);
    }

    private static Optional<Long> owner(Matcher m, boolean whole) {
        if (whole ? !m.matches() : !m.find()) return Optional.empty();
        try {
            return Optional.of(Long.parseLong(m.group(1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
