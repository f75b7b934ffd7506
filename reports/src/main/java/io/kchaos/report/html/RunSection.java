package io.kchaos.report.html;

import io.kchaos.history.folder.RunFields;
import io.kchaos.report.Format;
import io.kchaos.report.RunInfo;

import java.util.Map;

/**
 * The run's identity: scenario, seed, versions, sizes, how the cluster was secured, the exact command line, the broker,
 * producer and consumer settings in force, each marked with where it came from (user, scenario, kchaos's defaults), and
 * the settings the workload's topics were created with.
 */
final class RunSection implements Section {
    private static final String[][] FIELDS = {
        {"name", RunFields.NAME}, {"scenario", RunFields.SCENARIO}, {"seed", RunFields.SEED}, {"Kafka version", RunFields.KAFKA_VERSION},
        {"client", RunFields.CLIENT}, {"backend", RunFields.BACKEND}, {"workload", RunFields.WORKLOAD}, {"nodes", RunFields.NODES},
        {"topic", RunFields.TOPIC}, {"security", RunFields.SECURITY},
        {"partitions", RunFields.PARTITIONS}, {"replication factor", RunFields.REPLICATION_FACTOR}, {"nemesis", RunFields.NEMESIS},
        {"consistency model", RunFields.CONSISTENCY_MODEL},
        {"nemesis interval (s)", RunFields.NEMESIS_INTERVAL_SECONDS}, {"rate (ops/s)", RunFields.RATE},
        {"time limit (s)", RunFields.TIME_LIMIT_SECONDS}, {"started at", RunFields.STARTED_AT}, {"duration (s)", RunFields.DURATION_SECONDS},
        {"cluster startup (s)", RunFields.STARTUP_SECONDS}};
    private static final String[] CONFIGS = {RunFields.BROKER_CONFIG, RunFields.PRODUCER_CONFIG, RunFields.CONSUMER_CONFIG};
    private static final String[] KINDS = {RunFields.Setting.BROKER, RunFields.Setting.PRODUCER, RunFields.Setting.CONSUMER};

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
        if (run.replayOf() != null) h.el("p", run.replayOf(), "class", "replay");
        h.el("h3", "Command line");
        h.el("pre", run.text(RunFields.COMMAND), "class", "cmd");
        h.open("div", "class", "cols");
        h.open("table", "class", "kv");
        for (String[] f : FIELDS) h.row("td", f[0], value(f[1]));
        h.close("table");
        h.open("div");
        if (run.effectiveSettings(RunFields.Setting.BROKER).isEmpty()) {
            for (String c : CONFIGS) config(h, c);
        } else {
            h.el("p", "Settings in force: bold = given by the user, italic = from the scenario, grey = kchaos's default.",
                    "class", "muted");
            for (String kind : KINDS) effective(h, kind);
        }
        if (!run.config(RunFields.TOPIC_CONFIG).isEmpty()) config(h, RunFields.TOPIC_CONFIG);
        h.close("div").close("div");
        upgrade(h);
    }

    private String value(String field) {
        return switch (field) {
            case RunFields.KAFKA_VERSION -> run.kafkaVersions();
            case RunFields.WORKLOAD -> run.workload();
            case RunFields.CLIENT -> run.client();
            case RunFields.SECURITY -> security();
            case RunFields.STARTED_AT -> Format.instant(run.text(field));
            case RunFields.SCENARIO -> run.text(field).equals(Format.UNKNOWN) ? "none (options given on the command line)" : run.text(field);
            default -> run.text(field);
        };
    }

    /** How the clients reached the cluster: --security's mode, or an existing cluster's login from --client-properties. */
    private String security() {
        Map<String, String> login = run.config(RunFields.CLIENT_PROPERTIES);
        if (!login.isEmpty()) {
            String protocol = login.getOrDefault("security.protocol", "PLAINTEXT");
            String mechanism = protocol.toUpperCase(java.util.Locale.ROOT).startsWith("SASL") ? login.get("sasl.mechanism") : null;
            return protocol + (mechanism == null ? "" : " " + mechanism) + " (the existing cluster's login, --client-properties)";
        }
        return Format.UNKNOWN.equals(run.text(RunFields.SECURITY)) ? "plaintext" : run.text(RunFields.SECURITY); // before --security
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

    /** The effective settings of one kind, each row marked with its source. */
    private void effective(Html h, String kind) {
        h.open("div").el("h3", kind + " settings");
        h.open("table", "class", "kv settings");
        h.open("tr").el("th", "setting").el("th", "value").el("th", "from").close("tr");
        run.effectiveSettings(kind).forEach((k, s) -> h.open("tr", "class", "from-" + s.from())
                .el("td", k).el("td", s.value()).el("td", s.from()).close("tr"));
        h.close("table").close("div");
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
