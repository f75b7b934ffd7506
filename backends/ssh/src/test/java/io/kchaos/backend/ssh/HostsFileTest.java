package io.kchaos.backend.ssh;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hosts of an SSH run from --hosts and from a hosts file; bad files are one line. */
class HostsFileTest {
    @TempDir
    Path tmp;

    private final SshDefaults defaults = new SshDefaults("kafka", Path.of("/keys/id"), 22, SshDefaults.DIR, "java");

    @Test
    void hostsListIsDeployModeWithIdsInOrder() {
        HostsFile.Plan p = HostsFile.fromList("a, b,c", defaults);
        assertEquals(HostsFile.Mode.DEPLOY, p.mode());
        assertEquals(List.of(1, 2, 3), p.hosts().stream().map(SshHost::id).toList());
        SshHost b = p.hosts().get(1);
        assertEquals("b", b.address());
        assertEquals("b:9092", b.bootstrap());
        assertEquals("host 2 (kafka@b:22)", b.label());
        assertNull(b.existing());
    }

    @Test
    void fileEntriesOverrideTheSshSectionWhichOverridesTheCommandLine() throws Exception {
        Path f = Files.writeString(tmp.resolve("h.json"), """
                {"ssh": {"user": "ops", "port": 2222, "dir": "/srv/kchaos"},
                 "hosts": [{"id": 4, "address": "10.0.0.4", "listener": "192.168.0.4", "client-port": 19092,
                            "broker-config": {"num.io.threads": 4}},
                           {"address": "10.0.0.5", "user": "root", "key": "/other/key", "java": "/opt/jdk/bin/java"}]}
                """);
        List<SshHost> h = HostsFile.read(f, defaults).hosts();
        assertEquals(4, h.get(0).id());
        assertEquals(5, h.get(1).id(), "ids continue from the previous entry");
        assertEquals("ops", h.get(0).user());
        assertEquals(2222, h.get(0).port());
        assertEquals("/srv/kchaos", h.get(0).dir());
        assertEquals("192.168.0.4:19092", h.get(0).bootstrap());
        assertEquals(Map.of("num.io.threads", "4"), h.get(0).overrides());
        assertEquals(Path.of("/keys/id"), h.get(0).key());
        assertEquals("root", h.get(1).user());
        assertEquals(Path.of("/other/key"), h.get(1).key());
        assertEquals("/opt/jdk/bin/java", h.get(1).java());
    }

    @Test
    void existingModeNeedsTheBrokersCommands() throws Exception {
        Path ok = Files.writeString(tmp.resolve("e.json"), """
                {"mode": "existing", "hosts": [{"address": "k1", "bootstrap": "k1:9092", "data-dirs": ["/var/lib/kafka"],
                  "start": "sudo systemctl start kafka", "stop": "sudo systemctl stop kafka",
                  "pid": "systemctl show -p MainPID --value kafka"}]}
                """);
        HostsFile.Plan p = HostsFile.read(ok, defaults);
        assertEquals(HostsFile.Mode.EXISTING, p.mode());
        assertEquals(List.of("/var/lib/kafka"), p.hosts().get(0).existing().dataDirs());
        assertEquals("k1:9092", p.hosts().get(0).bootstrap());

        Path missing = Files.writeString(tmp.resolve("m.json"), "{\"mode\": \"existing\", \"hosts\": [{\"address\": \"k1\"}]}");
        String msg = assertThrows(IllegalArgumentException.class, () -> HostsFile.read(missing, defaults)).getMessage();
        assertTrue(msg.endsWith("host 1: existing mode needs start, stop, pid, data-dirs, bootstrap"), msg);
    }

    @Test
    void badFilesAreOneLine() throws Exception {
        Path typo = Files.writeString(tmp.resolve("t.json"), "{\"hosts\": [{\"address\": \"a\", \"adress\": \"b\"}]}");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostsFile.read(typo, defaults)).getMessage().contains("unknown key \"adress\""));
        Path twice = Files.writeString(tmp.resolve("d.json"), "{\"hosts\": [{\"id\": 1, \"address\": \"a\"}, {\"id\": 1, \"address\": \"b\"}]}");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostsFile.read(twice, defaults)).getMessage().contains("node id 1 appears twice"));
        Path broken = Files.writeString(tmp.resolve("b.json"), "{\"hosts\": [");
        String msg = assertThrows(IllegalArgumentException.class, () -> HostsFile.read(broken, defaults)).getMessage();
        assertEquals(1, msg.lines().count(), msg);
        assertThrows(IllegalArgumentException.class, () -> HostsFile.fromList("a,,b", defaults));
    }

    @Test
    void shellQuotingSurvivesQuotesAndGlobs() {
        assertEquals("/opt/kafka/lib", Shell.quote("/opt/kafka/lib"));
        assertEquals("'/opt/lib/*'", Shell.quote("/opt/lib/*"));
        assertEquals("'it'\\''s'", Shell.quote("it's"));
        assertEquals("a 'b c'", Shell.join(List.of("a", "b c")));
    }
}
