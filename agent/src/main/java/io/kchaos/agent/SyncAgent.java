package io.kchaos.agent;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The {@code -javaagent} entry point: {@code -javaagent:kchaos-agent.jar=<journal file>}. Opens the JDK internals
 * that hold a file's descriptor number to this agent, opens the journal, and rewrites the sync and truncate calls of
 * every Kafka class loaded from now on (see {@link SyncCallRewriter}).
 */
public final class SyncAgent {
    private SyncAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        if (args == null || args.isBlank()) throw new IllegalArgumentException("kchaos-agent: give the journal file: -javaagent:kchaos-agent.jar=FILE");
        Module agent = SyncAgent.class.getModule();
        inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                Map.of("java.io", Set.of(agent), "sun.nio.ch", Set.of(agent)), Set.of(), Map.of());
        SyncHooks.journalTo(Path.of(args));
        inst.addTransformer(new SyncCallRewriter(), false);
    }
}
