package io.kchaos.proxy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The control protocol's {@code rules} command lists the rules switched on, request and link rules alike. */
class ControlServerTest {
    @Test
    void rulesListsWhatIsSwitchedOnAfterEachChange(@TempDir Path dir) throws Exception {
        ControlServer control = new ControlServer(0, new Faults(Map.of(1, "127.0.0.1:9092"), new ActionLog(dir.resolve("actions.jsonl"))),
                ControlToken.of("t").orElseThrow());
        assertEquals("ok []", control.handle("rules"));
        assertEquals("ok", control.handle("add {\"id\":\"r1\",\"kind\":\"delay\",\"apis\":[\"PRODUCE\"],\"delay-ms\":[5,5]}"));
        assertEquals("ok", control.handle("add {\"id\":\"r2\",\"kind\":\"latency\",\"node\":1,\"delay-ms\":[5,5]}"));
        assertEquals("ok [\"r1\",\"r2\"]", control.handle("rules"));
        assertEquals("ok", control.handle("remove r1"));
        assertEquals("ok [\"r2\"]", control.handle("rules"));
        assertEquals("ok", control.handle("clear"));
        assertEquals("ok []", control.handle("rules"));
        assertTrue(control.handle("bogus").startsWith("error unknown command"));
        control.close();
    }
}
