package io.kchaos.backend.local;

import io.kchaos.cluster.ServerProperties;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
