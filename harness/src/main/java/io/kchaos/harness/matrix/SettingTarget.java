package io.kchaos.harness.matrix;

/** Where a matrix setting goes: broker config, producer or consumer config, or a {@code run} option. */
public enum SettingTarget {
    BROKER("--broker-config"), PRODUCER("--producer-config"), CONSUMER("--consumer-config"), RUN(null);

    private final String option;

    SettingTarget(String option) {
        this.option = option;
    }

    /** The {@code run} arguments that apply {@code key=value}. */
    public java.util.List<String> args(String key, String value) {
        return option == null ? java.util.List.of("--" + key, value) : java.util.List.of(option, key + "=" + value);
    }
}
