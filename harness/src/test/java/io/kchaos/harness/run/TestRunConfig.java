package io.kchaos.harness.run;

import io.kchaos.history.HistoryFormat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Builds a {@link RunConfig} for tests: a one-node queue run of one second without faults, and setters for what a test varies. */
public final class TestRunConfig {
    private String name = "t";
    private String command = "kchaos run";
    private String scenario;
    private long seed = 1;
    private int timeLimitSeconds = 1;
    private final Path store;
    private ClusterConfig cluster = new ClusterConfig(1, null, 256, false, Map.of(), "t", 1, (short) 1);
    private WorkloadConfig load = new WorkloadConfig("queue", Map.of(), 10, 1, 1);
    private FaultConfig faults = new FaultConfig(List.of("none"), List.of(), 1, 1);
    private ClientConfig clients = new ClientConfig(Map.of(), Map.of(), false);
    private HistoryFormat historyFormat = HistoryFormat.JSONL;
    private SettingOrigins origins = SettingOrigins.NONE;

    private TestRunConfig(Path store) {
        this.store = store;
    }

    /** The defaults, storing runs under {@code store}. */
    public static TestRunConfig in(Path store) {
        return new TestRunConfig(store);
    }

    public TestRunConfig name(String n) {
        name = n;
        return this;
    }

    public TestRunConfig command(String c) {
        command = c;
        return this;
    }

    public TestRunConfig scenario(String s) {
        scenario = s;
        return this;
    }

    public TestRunConfig seed(long s) {
        seed = s;
        return this;
    }

    public TestRunConfig timeLimitSeconds(int s) {
        timeLimitSeconds = s;
        return this;
    }

    public TestRunConfig cluster(ClusterConfig c) {
        cluster = c;
        return this;
    }

    public TestRunConfig load(WorkloadConfig w) {
        load = w;
        return this;
    }

    public TestRunConfig faults(FaultConfig f) {
        faults = f;
        return this;
    }

    public TestRunConfig clients(ClientConfig c) {
        clients = c;
        return this;
    }

    public TestRunConfig origins(SettingOrigins o) {
        origins = o;
        return this;
    }

    public TestRunConfig historyFormat(HistoryFormat f) {
        historyFormat = f;
        return this;
    }

    public RunConfig build() {
        return new RunConfig(name, command, scenario, seed, timeLimitSeconds, store, cluster, load, faults, clients, historyFormat, origins);
    }
}
