package io.kchaos.nemesis.cluster;

import java.util.Locale;

/** Which of a node's listeners a proxied fault hits: the clients' connections or the followers' replication fetches. */
public enum Traffic {
    CLIENT, REPLICATION;

    /** Lower-case name, as recorded in the history. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
