package io.kchaos.cluster.net;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RuleListingTest {
    /** {@code iptables -S} of iptables v1.8.9 (nf_tables) after adding the rules below, as it printed them. */
    private static final String LISTED = """
            -P INPUT ACCEPT
            -P FORWARD ACCEPT
            -P OUTPUT ACCEPT
            -A INPUT -s 10.0.0.5/32 -p tcp -m tcp --dport 9092 -m comment --comment kchaos-ssh-abc -j DROP
            -A INPUT -s 10.213.7.12/32 -m comment --comment kchaos-4242a -j DROP
            -A OUTPUT -p tcp -m multiport --ports 9092,9093 -m statistic --mode random --probability 0.33333300008 -m comment --comment kchaos-ssh-abc -j DROP
            -A OUTPUT -d 10.0.0.5/32 -p tcp -m tcp --sport 9092 -m comment --comment kchaos-ssh-abc -j DROP
            -A OUTPUT -o eth0 -m statistic --mode random --probability 0.20000000019 -m comment --comment kchaos-4242a -j DROP
            -A OUTPUT -o eth0 -m comment --comment kchaos-4242a -j NFQUEUE --queue-num 0 --queue-bypass
            -A OUTPUT -d 10.213.7.0/24 -m comment --comment "a b" -j DROP
            """;

    private static IptablesRule ssh(String chain, String... match) {
        return new IptablesRule(null, chain, List.of(match), "kchaos-ssh-abc", List.of("DROP"), true);
    }

    private static IptablesRule local(String chain, String... match) {
        return IptablesRule.inNamespace("kchaos-4242a-n1", chain, List.of(match), "kchaos-4242a", "DROP");
    }

    @Test
    void everyRuleAsAddedIsFoundInWhatIptablesPrintedBack() {
        RuleListing l = RuleListing.of(LISTED);
        assertNull(l.unreadable());
        assertEquals(1, l.count(local("INPUT", "-s", "10.213.7.12")));
        assertEquals(1, l.count(local("OUTPUT", "-o", "eth0", "-m", "statistic", "--mode", "random", "--probability", "0.200000")));
        assertEquals(1, l.count(ssh("INPUT", "-s", "10.0.0.5", "-p", "tcp", "--dport", "9092")), "inserted first, listed with -A and -m tcp");
        assertEquals(1, l.count(ssh("OUTPUT", "-d", "10.0.0.5", "-p", "tcp", "--sport", "9092")));
        assertEquals(1, l.count(ssh("OUTPUT", "-p", "tcp", "-m", "multiport", "--ports", "9092,9093",
                "-m", "statistic", "--mode", "random", "--probability", "0.333333")));
        assertEquals(1, l.count(IptablesRule.inNamespace("kchaos-4242a-n1", "OUTPUT", List.of("-o", "eth0"), "kchaos-4242a",
                "NFQUEUE", "--queue-num", "0", "--queue-bypass")));
        assertEquals(1, l.count(IptablesRule.inNamespace(null, "OUTPUT", List.of("-d", "10.213.7.0/24"), "a b", "DROP")), "a quoted comment");
    }

    @Test
    void aRuleThatDiffersInAnyWordIsNotFound() {
        RuleListing l = RuleListing.of(LISTED);
        assertEquals(0, l.count(local("INPUT", "-s", "10.213.7.13")), "another address");
        assertEquals(0, l.count(local("OUTPUT", "-s", "10.213.7.12")), "another chain");
        assertEquals(0, l.count(local("OUTPUT", "-o", "eth0", "-m", "statistic", "--mode", "random", "--probability", "0.300000")), "another loss");
        assertEquals(0, l.count(IptablesRule.inNamespace(null, "INPUT", List.of("-s", "10.213.7.12"), "kchaos-4242b", "DROP")), "another run's tag");
        assertEquals(0, l.count(IptablesRule.inNamespace(null, "INPUT", List.of("-s", "10.213.7.12"), "kchaos-4242a", "ACCEPT")), "another target");
    }

    @Test
    void aRuleListedTwiceCountsTwiceAndAnUnreadableListingHoldsNone() {
        String twice = "-A INPUT -s 10.213.7.12/32 -m comment --comment kchaos-4242a -j DROP\n".repeat(2);
        assertEquals(2, RuleListing.of(twice).count(local("INPUT", "-s", "10.213.7.12")));
        RuleListing none = RuleListing.unreadable("iptables: command not found");
        assertEquals("iptables: command not found", none.unreadable());
        assertEquals(0, none.count(local("INPUT", "-s", "10.213.7.12")));
    }
}
