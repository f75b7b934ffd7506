package io.kchaos.checker.result;

import java.util.List;

/**
 * One kind of anomaly, as data (Elle's idea: each anomaly a named thing with a definition): its key in results.json,
 * its family, the checker that emits it, its one-line definition and a shortened example case.
 *
 * @param key        the key under {@code anomalies} in results.json, e.g. {@code lost-write}
 * @param family     where its evidence comes from
 * @param checker    the name of the checker that reports it ({@code queue}, {@code txn}, {@code group}, {@code share}, {@code metadata},
 *                   {@code acl}, {@code replica-audit}, {@code raft-audit})
 * @param definition what it means, in one sentence (docs/format.md, the report and junit.xml print it)
 * @param example    one case as results.json shows it, shortened to its identifying fields
 * @param implies    the keys of the anomalies every case of this one also is (Elle's implications, e.g. G0 implies
 *                   G1c): a consistency model forbidding one of them forbids this one too
 */
public record AnomalyType(String key, AnomalyFamily family, String checker, String definition, String example,
                          List<String> implies) {
    /** True for the anomalies of the on-disk replica audit (verify-logs). */
    public boolean isReplica() {
        return family == AnomalyFamily.REPLICA;
    }

    /** True for the anomalies of the Raft audit of the KRaft metadata log. */
    public boolean isRaft() {
        return family == AnomalyFamily.RAFT;
    }
}
