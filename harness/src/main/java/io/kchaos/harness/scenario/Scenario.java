package io.kchaos.harness.scenario;

import io.kchaos.harness.run.RunOption;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A named chaos experiment: workload, nemesis schedule, durations and broker/producer/consumer settings, as the
 * defaults of {@code kchaos run}'s options (values typed per {@link RunOption.Kind}: Integer, Long, Double,
 * String, {@code List<String>}, {@code Map<String,String>}).
 *
 * @param name        the scenario's name (the file name without {@code .json} unless the file says otherwise)
 * @param description what it does, for people
 * @param expected    the expected outcome, for people (e.g. {@code lost-write})
 * @param source      where it was read from (file path or {@code classpath:scenarios/NAME.json})
 * @param options     run option values, in file order
 */
public record Scenario(String name, String description, String expected, String source, Map<RunOption, Object> options) {
    public Scenario {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** The value of a run option, or null. */
    public Object option(RunOption field) {
        return options.get(field);
    }

    /** A string-map option (broker-config, producer-config, consumer-config), empty when absent. */
    @SuppressWarnings("unchecked")
    public Map<String, String> settings(RunOption field) {
        Object v = options.get(field);
        return v == null ? Map.of() : (Map<String, String>) v;
    }
}
