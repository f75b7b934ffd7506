package io.kchaos.harness.cli;

import io.kchaos.history.AclFields;
import io.kchaos.history.ClientOps;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.result.AnomalyCases;
import io.kchaos.checker.result.CheckResult;

import java.io.PrintStream;
import java.util.Map;

/** Prints a result's summary for a person: verdict, anomaly counts, key statistics, warnings. */
final class VerdictPrinter {
    private VerdictPrinter() {
    }

    /** The verdict's exit code; an unknown verdict also gets its one line on stderr (exit 2 always says why). */
    static int exitCode(CheckResult r) {
        if (r.verdict() == io.kchaos.checker.result.Verdict.UNKNOWN) System.err.println("kchaos: could not judge: " + r.reason());
        return r.verdict().exitCode();
    }

    static void print(CheckResult r, PrintStream out) {
        if (r.interrupted() != null) out.println("INTERRUPTED " + r.interrupted() + ": judged what was recorded");
        switch (r.verdict()) {
            case VALID -> out.println(r.anomalies().isEmpty() ? "VALID: no anomalies"
                    : "VALID: only anomalies the consistency model " + r.model().name() + " allows");
            case INVALID -> out.println("INVALID: anomalies the consistency model " + r.model().name() + " forbids");
            case UNKNOWN -> out.println("COULD NOT JUDGE: " + String.join("; ", r.errors()));
        }
        for (Map.Entry<String, AnomalyCases> e : r.anomalies().entrySet()) {
            out.printf("  %-32s %d  (%s by %s)%n", e.getKey(), e.getValue().count(), r.forbidden(e.getKey()) ? "forbidden" : "allowed",
                    r.model().name());
            if (!e.getValue().examples().isEmpty()) out.println("      e.g. " + e.getValue().examples().get(0));
            if (e.getValue().byFault() != null) out.println("      by fault: " + e.getValue().byFault().summary());
        }
        var send = r.stats().path(ClientOps.SEND);
        if (!send.isMissingNode()) {
            out.printf("  sends: ok %d, fail %d, info %d; unseen %d%n", send.path("ok").asLong(), send.path("fail").asLong(),
                    send.path("info").asLong(), r.stats().path(ResultsFields.Stats.UNSEEN).asLong());
        }
        var share = r.stats().path(ResultsFields.Stats.SHARE);
        if (share.isObject()) {
            var re = share.path("redeliveries");
            out.printf("  share: deliveries %d; redeliveries: release %d, lock-expiry %d, crash %d, other %d; archived: rejected %d, "
                            + "delivery-limit %d (%d reached unseen); lock expiries %d%n", share.path("deliveries").asLong(), re.path("release").asLong(),
                    re.path("lock-expiry").asLong(), re.path("crash").asLong(), re.path("other").asLong(),
                    share.path("archived").path("rejected").asLong(), share.path("archived").path("delivery-limit").asLong(),
                    share.path("archived").path("delivery-limit-unseen").asLong(), share.path("lock-expiries").asLong());
        }
        var md = r.stats().path(ResultsFields.Stats.METADATA);
        if (md.isObject()) {
            long[] t = new long[3];
            md.path(ResultsFields.Metadata.ADMIN).forEach(c -> {
                t[0] += c.path("ok").asLong();
                t[1] += c.path("fail").asLong();
                t[2] += c.path("info").asLong();
            });
            out.printf("  admin ops: ok %d, fail %d, info %d on %d topics; brokers read after catching up %d (not read %d); "
                    + "quorum samples %d%n", t[0], t[1], t[2], md.path(ResultsFields.Metadata.TOPICS).asLong(),
                    md.path(ResultsFields.Metadata.BROKERS_READ).asLong(), md.path(ResultsFields.Metadata.BROKERS_NOT_READ).asLong(),
                    md.path(ResultsFields.Metadata.QUORUM_SAMPLES).asLong());
        }
        var acl = r.stats().path(ResultsFields.Stats.ACL);
        if (acl.isObject()) {
            var probes = acl.path(ResultsFields.Acl.PROBES);
            var why = acl.path(ResultsFields.Acl.UNJUDGED_WHY);
            out.printf("  acl probes: allowed %d, denied %d, info %d; judged %d, not judged %d (indeterminate change %d, "
                            + "unsettled %d); nodes never judged %s%n", probes.path(AclFields.ALLOWED).asLong(),
                    probes.path(AclFields.DENIED).asLong(), probes.path("info").asLong(), acl.path(ResultsFields.Acl.JUDGED).asLong(),
                    acl.path(ResultsFields.Acl.UNJUDGED).asLong(), why.path(ResultsFields.Acl.INDETERMINATE_CHANGE).asLong(),
                    why.path(ResultsFields.Acl.UNSETTLED).asLong(), acl.path(ResultsFields.Acl.NODES_NEVER_JUDGED));
        }
        r.warnings().stream().limit(10).forEach(w -> out.println("  warning: " + w));
        if (r.warnings().size() > 10) out.println("  (" + (r.warnings().size() - 10) + " more warnings in results.json)");
    }
}
