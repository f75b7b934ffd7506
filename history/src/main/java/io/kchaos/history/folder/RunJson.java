package io.kchaos.history.folder;

import com.fasterxml.jackson.databind.JsonNode;
import io.kchaos.history.ValuePadding;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A run's run.json as read: typed accessors for the fields code decides on, and the whole object for display. Every
 * field is optional, so run.json files of older releases read as they are.
 */
public record RunJson(FolderJson file) {
    /** Node id → its {@code process.roles} ({@code broker,controller}, {@code broker}, {@code controller}). */
    public static final String NODE_ROLES = RunFields.NODE_ROLES;

    /** Reads the run.json of the run folder {@code dir}; never throws (see {@link FolderJson#problem()}). */
    public static RunJson read(Path dir) {
        return new RunJson(FolderJson.read(new RunFiles(dir).runJson()));
    }

    /** The whole object (a MissingNode when the file could not be read). */
    public JsonNode fields() {
        return file.root();
    }

    /** A field's node, MissingNode when absent. */
    public JsonNode field(String name) {
        return file.root().path(name);
    }

    /** A scalar field's text, empty when absent, null or not a scalar. */
    public Optional<String> text(String name) {
        JsonNode n = field(name);
        return n.isValueNode() && !n.isNull() ? Optional.of(n.asText()) : Optional.empty();
    }

    public Optional<String> name() {
        return text(RunFields.NAME);
    }

    public Optional<String> scenario() {
        return text(RunFields.SCENARIO);
    }

    public Optional<String> workload() {
        return text(RunFields.WORKLOAD);
    }

    /** The consistency model the run was judged under, by name; empty in files from before it. */
    public Optional<String> consistencyModel() {
        return text(RunFields.CONSISTENCY_MODEL);
    }

    public Optional<String> topic() {
        return text(RunFields.TOPIC);
    }

    /**
     * The size the queue workload padded its record values to ({@code workload-options}' {@link ValuePadding#OPTION}):
     * 0 when not given (files from before it too); empty when it is not a whole number from 0 to
     * {@link ValuePadding#MAX_BYTES} (run.json holds it as text, a scenario's as given).
     */
    public OptionalInt valueBytes() {
        JsonNode v = field(RunFields.WORKLOAD_OPTIONS).path(ValuePadding.OPTION);
        if (v.isMissingNode() || v.isNull()) return OptionalInt.of(0);
        long n;
        try {
            n = v.isIntegralNumber() ? v.asLong() : Long.parseLong(v.isTextual() ? v.asText().strip() : "");
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
        return n >= 0 && n <= ValuePadding.MAX_BYTES ? OptionalInt.of((int) n) : OptionalInt.empty();
    }

    /** Whether the run's topic had tiered storage ({@link RunFields#TIERED}); false in older files. */
    public boolean tiered() {
        return field(RunFields.TIERED).asBoolean(false);
    }

    /** A tiered run's bucket folder, when recorded. */
    public Optional<Path> tieredBucket() {
        return text(RunFields.TIERED_BUCKET).map(Path::of);
    }

    public Optional<String> kafkaVersion() {
        return text(RunFields.KAFKA_VERSION);
    }

    /** The seed when it is an integer. */
    public OptionalLong seed() {
        JsonNode n = field(RunFields.SEED);
        return n.isIntegralNumber() ? OptionalLong.of(n.asLong()) : OptionalLong.empty();
    }

    /**
     * The Kafka releases of a run with a rolling upgrade, e.g. {@code 3.9.1 → 4.1.1} (and {@code → 3.9.1} when it rolled
     * back), joined with {@code arrow}; empty for other runs.
     */
    public Optional<String> upgradePath(String arrow) {
        JsonNode u = field(RunFields.UPGRADE);
        if (!u.isObject()) return Optional.empty();
        return Optional.of(u.path(RunFields.Upgrade.FROM).asText("?") + arrow + u.path(RunFields.Upgrade.TO).asText("?")
                + (u.has(RunFields.Upgrade.DOWNGRADE_TO) ? arrow + u.path(RunFields.Upgrade.DOWNGRADE_TO).asText() : ""));
    }

    /**
     * The client the workload spoke through: {@code java 4.1.1}, {@code librdkafka 2.0.2 (confluent-kafka-python 1.7.0)};
     * {@code java} for a run.json from before clients were recorded.
     */
    public String client() {
        JsonNode c = field(RunFields.CLIENT);
        if (!c.isObject()) return "java";
        if (c.has(RunFields.Client.LIBRDKAFKA)) {
            return "librdkafka " + c.path(RunFields.Client.LIBRDKAFKA).asText() + " (" + c.path(RunFields.Client.BINDING).asText("?") + ")";
        }
        return c.path(RunFields.Client.KIND).asText("?") + (c.has(RunFields.Client.VERSION) ? " " + c.path(RunFields.Client.VERSION).asText() : "");
    }
}
