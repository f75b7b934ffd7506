package io.kchaos.backend.local.net;

import io.kchaos.cluster.os.CommandRunner;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The private /24 one run's hosts live in, {@code 10.213.<octet>.0/24}: the bridge (the harness's side) is .1, node
 * {@code n} is .{@code 10+n}. The octet is chosen per run, starting from the harness pid, among those no address or
 * route on this machine uses yet.
 */
public record Subnet(int octet) {
    static final String PREFIX = "10.213.";
    static final int FIRST_NODE_HOST = 10;

    public Subnet {
        if (octet < 1 || octet > 254) throw new IllegalArgumentException("subnet octet 1-254, got " + octet);
    }

    public String cidr() {
        return PREFIX + octet + ".0/24";
    }

    /** The bridge's address: where the harness's clients come from. */
    public String gateway() {
        return PREFIX + octet + ".1";
    }

    public String node(int id) {
        if (id < 1 || id > 254 - FIRST_NODE_HOST) throw new IllegalArgumentException("node id out of range for a /24: " + id);
        return PREFIX + octet + "." + (FIRST_NODE_HOST + id);
    }

    /** True when an {@code ip addr}/{@code ip route} listing mentions an address of this subnet. */
    boolean mentionedIn(String listing) {
        return Pattern.compile("(?<![\\d.])" + Pattern.quote(PREFIX + octet + ".")).matcher(listing).find();
    }

    /** The first free subnet starting from one derived from {@code pid}, skipping {@code taken}. */
    static Subnet choose(CommandRunner runner, long pid, Set<Integer> taken) {
        String used = runner.run("ip", "-o", "-4", "addr", "show").stdout() + "\n"
                + runner.run("ip", "-4", "route", "show", "table", "all").stdout();
        int start = (int) Math.floorMod(pid, 254L);
        for (int i = 0; i < 254; i++) {
            Subnet s = new Subnet(1 + (start + i) % 254);
            if (!taken.contains(s.octet()) && !s.mentionedIn(used)) return s;
        }
        throw new IllegalStateException("no free /24 left in " + PREFIX + "0.0/16");
    }
}
