package io.kchaos.backend.local;

import io.kchaos.cluster.ServerProperties;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalNodeTest {
    @Test
    void localNodesRenderAsBeforeTheRefactoring() {
        LocalNode n1 = new LocalNode(1, "127.0.0.1", 9001, 9101, Path.of("/run/nodes/1"));
        LocalNode n2 = new LocalNode(2, "127.0.0.1", 9002, 9102, Path.of("/run/nodes/2"));
        Map<Integer, LocalNode> all = new LinkedHashMap<>();
        all.put(1, n1);
        all.put(2, n2);
        assertEquals("""
                # written by kchaos
                process.roles=broker,controller
                node.id=2
                controller.quorum.voters=1@127.0.0.1:9101,2@127.0.0.1:9102
                listeners=PLAINTEXT://127.0.0.1:9002,CONTROLLER://127.0.0.1:9102
                advertised.listeners=PLAINTEXT://127.0.0.1:9002
                controller.listener.names=CONTROLLER
                inter.broker.listener.name=PLAINTEXT
                listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
                log.dirs=/run/nodes/2/data
                acks.x=1
                """, ServerProperties.render(n2.listeners(), all.values().stream().map(LocalNode::listeners).toList(), Map.of("acks.x", "1")));
    }

    @Test
    void aJbodNodeListsEachOfItsDirsUnderItsDataFolderInLogDirs() throws Exception {
        LocalNode n = new LocalNode(1, "127.0.0.1", 9001, 9101, Path.of("/run/nodes/1"));
        assertEquals(List.of(Path.of("/run/nodes/1/data")), n.dataDirs(1));
        assertEquals(List.of(Path.of("/run/nodes/1/data/disk-0"), Path.of("/run/nodes/1/data/disk-1"), Path.of("/run/nodes/1/data/disk-2")),
                n.dataDirs(3));
        n.dataDirs(3).forEach(d -> assertTrue(d.startsWith(n.dataDir()), "the power-loss tracking walks " + n.dataDir()));
        Properties p = new Properties();
        p.load(new StringReader(ServerProperties.render(n.listeners(3), List.of(n.listeners(3)), Map.of())));
        assertEquals("/run/nodes/1/data/disk-0,/run/nodes/1/data/disk-1,/run/nodes/1/data/disk-2", p.getProperty("log.dirs"));
    }

    @Test
    void aSecuredNodesClientListenerIsNamedAfterItsProtocol() {
        LocalNode n = new LocalNode(1, "10.0.0.1", 9001, 9101, Path.of("/run/nodes/1"));
        var listeners = n.listeners(1, "SASL_SSL");
        assertEquals(List.of("SASL_SSL", ServerProperties.CONTROLLER), List.copyOf(listeners.bind().keySet()));
        assertEquals("SASL_SSL", listeners.interBroker());
        assertEquals(Map.of("SASL_SSL", "10.0.0.1:9001"), listeners.advertised());
    }
}
