package io.kchaos.report.html;

import io.kchaos.report.Format;
import io.kchaos.report.RunInfo;

import java.util.Map;

/** The run's identity: scenario, seed, versions, sizes, the exact command line and the three client/broker configs. */
final class RunSection implements Section {
    private static final String[][] FIELDS = {
        {"name", "name"}, {"scenario", "scenario"}, {"seed", "seed"}, {"Kafka version", "kafka-version"},
        {"backend", "backend"}, {"workload", "workload"}, {"nodes", "nodes"}, {"topic", "topic"},
        {"partitions", "partitions"}, {"replication factor", "replication-factor"}, {"nemesis", "nemesis"},
        {"nemesis interval (s)", "nemesis-interval-seconds"}, {"rate (ops/s)", "rate"},
        {"time limit (s)", "time-limit-seconds"}, {"started at", "started-at"}, {"duration (s)", "duration-seconds"},
        {"cluster startup (s)", "startup-seconds"}};
    private static final String[] CONFIGS = {"broker-config", "producer-config", "consumer-config"};

    private final RunInfo run;

    RunSection(ReportContext ctx) {
        this.run = ctx.folder().run();
    }

    @Override
    public String id() {
        return "run";
    }

    @Override
    public String title() {
        return "Run";
    }

    @Override
    public void render(Html h) {
        if (run.problem() != null) h.el("p", run.problem() + ": the run's identity is unknown", "class", "warn");
        h.el("h3", "Command line");
        h.el("pre", run.text("command"), "class", "cmd");
        h.open("div", "class", "cols");
        h.open("table", "class", "kv");
        for (String[] f : FIELDS) h.row("td", f[0], f[1].equals("kafka-version") ? run.kafkaVersions() : run.text(f[1]));
        h.close("table");
        h.open("div");
        for (String c : CONFIGS) config(h, c);
        h.close("div").close("div");
        upgrade(h);
    }

    /** The rolling upgrade, when the run had one: path, feature levels and each node's releases over time. */
    private void upgrade(Html h) {
        Map<String, String> rows = run.upgrade();
        if (rows.isEmpty()) return;
        h.el("h3", "Rolling upgrade");
        h.open("table", "class", "kv");
        rows.forEach((k, v) -> h.row("td", k, v));
        h.close("table");
    }

    private void config(Html h, String field) {
        h.open("div").el("h3", field);
        Map<String, String> cfg = run.config(field);
        if (cfg.isEmpty()) {
            boolean missing = Format.UNKNOWN.equals(run.text(field));
            h.el("p", missing ? Format.UNKNOWN : "(defaults)", "class", "muted");
        } else {
            h.open("table", "class", "kv");
            cfg.forEach((k, v) -> h.row("td", k, v));
            h.close("table");
        }
        h.close("div");
    }
}
