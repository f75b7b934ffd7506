package io.kchaos.harness.ssh;

import io.kchaos.backend.ssh.SshTestHosts;

import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.nemesis.cluster.NodeRole;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumVoters;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.testkit.ShortBrokerSession;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Kafka cluster the test installs and runs itself on the three SSH hosts, managed by its own script
 * ({@code broker.sh start|stop|pid}), as an operator's existing cluster would be, every listener secured as
 * {@code mode} says (its certificates and SCRAM user made by the test, as the cluster's own operator would); the hosts
 * file that points kchaos at it in existing-cluster mode, and the client.properties its clients log in with.
 */
final class ExistingBrokers implements AutoCloseable {
    private final SshTestHosts hosts;
    private final KafkaDistribution dist = KafkaDistribution.bundled();
    private final ClusterSecurity security;

    ExistingBrokers(SshTestHosts hosts, SecurityMode mode) {
        this.hosts = hosts;
        Map<Integer, String> addresses = new TreeMap<>();
        for (int i = 1; i <= 3; i++) addresses.put(i, hosts.address(i));
        this.security = ClusterSecurity.create(mode, addresses);
    }

    private Path home(int i) {
        return hosts.root().resolve("existing" + i);
    }

    void startAll() throws IOException {
        // the operator's own setting on this test's cluster: the run's one kill ends sooner (ShortBrokerSession)
        Map<String, String> settings = ShortBrokerSession.with(ServerProperties.harnessDefaults(3));
        List<NodeListeners> all = new ArrayList<>();
        String listener = security.mode().protocol();
        for (int i = 1; i <= 3; i++) {
            Map<String, String> bind = new LinkedHashMap<>();
            bind.put(listener, hosts.address(i) + ":9092");
            bind.put(ServerProperties.CONTROLLER, hosts.address(i) + ":9093");
            all.add(new NodeListeners(i, bind, Map.of(listener, hosts.address(i) + ":9092"), listener,
                    hosts.address(i) + ":9093", List.of(home(i).resolve("data").toString())));
        }
        QuorumVoters voters = QuorumVoters.of(all, QuorumMode.STATIC);
        String clusterId = Uuid.randomUuid().toString();
        for (int i = 1; i <= 3; i++) {
            Files.createDirectories(home(i));
            Files.writeString(home(i).resolve("server.properties"), ServerProperties.render(all.get(i - 1), NodeRole.COMBINED, voters,
                    dist.profile().serverSettings(settings), security.listeners(i)));
            Files.writeString(home(i).resolve("broker.sh"), "#!/bin/sh\ncd " + home(i) + "\ncase \"$1\" in\n"
                    + "start) setsid java -Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '" + dist.libs() + "/*' kafka.Kafka server.properties"
                    + " </dev/null >>server.log 2>&1 & echo $! > broker.pid ;;\n"
                    + "stop) kill -TERM $(cat broker.pid) ;;\n"
                    + "pid) cat broker.pid ;;\nesac\n");
            List<String> formatArgs = new ArrayList<>(dist.profile().formatArgs(clusterId, "server.properties", settings));
            security.formatArgs().forEach(a -> formatArgs.add("'" + a + "'"));
            String format = "cd " + home(i) + " && java -cp '" + dist.libs() + "/*' kafka.tools.StorageTool "
                    + String.join(" ", formatArgs) + " > format.log 2>&1";
            if (!hosts.inHost(i, format).ok()) throw new IOException("format of the existing broker " + i + " failed");
            if (!hosts.inHost(i, "sh " + home(i) + "/broker.sh start").ok()) throw new IOException("cannot start existing broker " + i);
        }
    }

    /** The client.properties an operator would hand kchaos: the cluster's login, as Kafka's own tools take it. */
    Path clientProperties() throws IOException {
        StringBuilder sb = new StringBuilder("# the staging cluster's login\n");
        security.clientSettings().forEach((k, v) -> sb.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        return Files.writeString(hosts.root().resolve("client.properties"), sb.toString());
    }

    /** The secrets of the login (the SASL password, the stores' password), to look for in every file of the run. */
    List<String> secrets() {
        List<String> s = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("password=\"([^\"]+)\"").matcher(security.clientSettings().getOrDefault("sasl.jaas.config", ""));
        while (m.find()) s.add(m.group(1));
        String store = security.clientSettings().get("ssl.truststore.password");
        if (store != null) s.add(store);
        return s;
    }

    boolean running(int i) {
        return hosts.inHost(i, "p=$(sh " + home(i) + "/broker.sh pid) && kill -0 $p && ! ps -o stat= -p $p | grep -q Z").ok();
    }

    /** server.properties and broker.sh of every broker, to show they were not changed. */
    Map<Integer, String> configs() throws IOException {
        Map<Integer, String> m = new TreeMap<>();
        for (int i = 1; i <= 3; i++) {
            m.put(i, Files.readString(home(i).resolve("server.properties")) + Files.readString(home(i).resolve("broker.sh")));
        }
        return m;
    }

    Path hostsFile() throws IOException {
        StringBuilder sb = new StringBuilder("{\"mode\": \"existing\", \"ssh\": {\"user\": \"root\", \"key\": \"" + hosts.userKey() + "\"},\n \"hosts\": [\n");
        for (int i = 1; i <= 3; i++) {
            String sh = "sh " + home(i) + "/broker.sh";
            sb.append("  {\"id\": ").append(i).append(", \"address\": \"").append(hosts.address(i)).append("\", \"dir\": \"").append(hosts.dir(i))
                    .append("\", \"bootstrap\": \"").append(hosts.address(i)).append(":9092\", \"data-dirs\": [\"").append(home(i).resolve("data"))
                    .append("\"], \"start\": \"").append(sh).append(" start\", \"stop\": \"").append(sh).append(" stop\", \"pid\": \"")
                    .append(sh).append(" pid\"}").append(i < 3 ? ",\n" : "\n");
        }
        Path f = hosts.root().resolve("existing-hosts.json");
        Files.writeString(f, sb.append(" ]}\n").toString());
        return f;
    }

    @Override
    public void close() {
        for (int i = 1; i <= 3; i++) hosts.inHost(i, "p=$(sh " + home(i) + "/broker.sh pid 2>/dev/null) && kill -9 $p");
        security.close();
    }
}
