package io.kchaos.backend.docker;

import io.kchaos.cluster.Parallel;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunFields;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.kchaos.cluster.secret.RedactedServerProperties;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.QuorumVoters;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.os.FreePorts;
import io.kchaos.cluster.security.CertificateSetupException;
import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.nemesis.cluster.NetworkControl;
import io.kchaos.nemesis.cluster.ToxicControl;
import org.apache.kafka.common.Uuid;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.toxiproxy.ToxiproxyContainer;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;

/**
 * The Docker backend: each Kafka node a Testcontainers container (KRaft with static voters: every node a broker and a
 * voter, or brokers beside dedicated controllers in containers of their own) on a network of its own, started with our server.properties and Kafka's StorageTool rather than the image's
 * entrypoint, its {@code nodes/<id>/} folder bind-mounted so data and server.log land in the run folder. With a
 * Toxiproxy image, one Toxiproxy container stands in front of every node's client and replication listener. Under
 * {@code --security} every listener is secured as on the other backends, each node's stores copied into its container
 * ({@link ContainerSecurity}) and its certificate naming every name it is dialed at ({@link ListenerPlan#dialedAt}).
 * Kill, pause and restart act on the same container (see {@link ContainerProcesses}); {@link #close()} and a shutdown
 * hook remove every container and the network, and {@link DockerJanitor} removes those of a harness that died.
 */
public final class ContainerCluster implements KafkaCluster {
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final DockerSpec spec;
    private final Path nodesDir;
    private final Map<String, String> labels;
    private final DockerClient docker;
    private final ContainerProcesses processes;
    private final Map<Integer, GenericContainer<?>> containers = new LinkedHashMap<>();
    private final Map<Integer, NodeListeners> listeners = new LinkedHashMap<>();
    private final List<Integer> brokerIds = new ArrayList<>();
    private final List<Integer> controllerIds = new ArrayList<>();
    private QuorumVoters voters;
    private final Thread shutdownHook = new Thread(this::removeAllQuietly, "kchaos-containers-cleanup");
    private Network network;
    private ToxiproxyContainer toxiproxy;
    private ToxiproxyToxics toxics;
    private String clusterId;
    private String kafkaVersion;
    private volatile ClusterSecurity security = ClusterSecurity.PLAINTEXT;
    private ContainerSecurity containerSecurity = new ContainerSecurity(ClusterSecurity.PLAINTEXT);
    private volatile boolean closed;

    public ContainerCluster(DockerSpec spec, Path nodesDir) {
        this.spec = spec;
        this.nodesDir = nodesDir;
        this.labels = ContainerLabels.forRun(nodesDir.getParent() == null ? nodesDir : nodesDir.getParent());
        this.docker = DockerClientFactory.instance().client();
        this.processes = new ContainerProcesses(new DockerContainers(docker));
    }

    @Override
    public double start() {
        long t0 = System.nanoTime();
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        clusterId = Uuid.randomUuid().toString();
        for (int i = 1; i <= spec.nodes(); i++) brokerIds.add(i);
        for (int i = 1; i <= spec.quorum().controllers(); i++) controllerIds.add(QuorumSpec.controllerId(spec.nodes(), i));
        List<Integer> ids = List.copyOf(brokerIds);
        network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withLabels(labels)).build();
        String clientHost = clientHost();
        Map<Integer, Integer> hostPorts = new LinkedHashMap<>();
        if (spec.toxiproxyImage().isPresent()) {
            List<ProxySpec> proxies = ListenerPlan.proxies(ids);
            startToxiproxy(spec.toxiproxyImage().get(), proxies, clientHost);
            listeners.putAll(ListenerPlan.proxied(clientHost, proxies, toxiproxy::getMappedPort));
        } else {
            for (int id : ids) hostPorts.put(id, FreePorts.next());
            listeners.putAll(ListenerPlan.direct(clientHost, hostPorts));
        }
        controllerIds.forEach(id -> listeners.put(id, ListenerPlan.controller(id)));
        secure(clientHost);
        voters = QuorumVoters.of(voterIds().stream().map(listeners::get).toList(), spec.quorum().mode());
        for (int id : listeners.keySet()) {
            writeConfig(id);
            containers.put(id, brokerContainer(id, Optional.ofNullable(hostPorts.get(id))));
        }
        try {
            Startables.deepStart(containers.values()).join();
        } catch (CompletionException e) {
            throw new ClusterException("a Kafka container did not start (" + rootMessage(e) + "); see " + nodesDir + "/<id>/" + RunFiles.FORMAT_LOG + " and " + RunFiles.SERVER_LOG);
        }
        new Readiness(this).awaitReady(spec.startTimeout());
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Makes the run's certificates (each node's naming where it is dialed) and SASL user; nothing for PLAINTEXT. */
    private void secure(String clientHost) {
        Map<Integer, List<String>> names = new LinkedHashMap<>();
        boolean proxied = spec.toxiproxyImage().isPresent();
        listeners.keySet().forEach(id -> names.put(id, ListenerPlan.dialedAt(id, brokerIds.contains(id), clientHost, proxied)));
        try {
            security = ClusterSecurity.createNamed(spec.security(), names);
        } catch (CertificateSetupException e) {
            throw new ClusterException(e.getMessage());
        }
        containerSecurity = new ContainerSecurity(security);
    }

    @Override
    public Map<String, String> clientSecurity() {
        return security.clientSettings();
    }

    @Override
    public Optional<ProxyTls> proxyTls() {
        return security.proxyTls();
    }

    /** Where the harness reaches ports published by the daemon: loopback when the daemon runs on this machine. */
    private static String clientHost() {
        String host = DockerClientFactory.instance().dockerHostIpAddress();
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null ? "127.0.0.1" : host;
        } catch (IOException e) {
            return host;
        }
    }

    private void startToxiproxy(String image, List<ProxySpec> proxies, String clientHost) {
        toxiproxy = new ToxiproxyContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("ghcr.io/shopify/toxiproxy"));
        toxiproxy.withNetwork(network).withNetworkAliases(ListenerPlan.TOXIPROXY).withLabels(labels);
        toxiproxy.start();
        toxics = new ToxiproxyToxics(new ToxiproxyClient(clientHost, toxiproxy.getControlPort()), proxies);
    }

    private void writeConfig(int id) {
        Path dir = nodeDir(id);
        try {
            Files.createDirectories(dir.resolve(RunFiles.DATA));
            Files.writeString(dir.resolve(RunFiles.SERVER_PROPERTIES), ServerProperties.render(listeners.get(id), role(id), voters, spec.brokerSettings(),
                    containerSecurity.listeners(id)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write config of node " + id, e);
        }
    }

    private GenericContainer<?> brokerContainer(int id, Optional<Integer> hostPort) {
        String user = owner(nodesDir);
        Map<String, String> nodeLabels = new LinkedHashMap<>(labels);
        nodeLabels.put(ContainerLabels.NODE, Integer.toString(id));
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(spec.kafkaImage()));
        c.withNetwork(network).withNetworkAliases(ListenerPlan.alias(id)).withLabels(nodeLabels)
                .withFileSystemBind(nodeDir(id).toString(), ListenerPlan.NODE_MOUNT, BindMode.READ_WRITE)
                .waitingFor(new AbstractWaitStrategy() {
                    @Override
                    protected void waitUntilReady() {
                        // readiness is asked of the cluster itself (Readiness), not of one container
                    }
                })
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withName("kchaos-" + labels.get(ContainerLabels.HARNESS_PID) + "-" + ListenerPlan.alias(id) + "-" + clusterId.substring(0, 6));
                    cmd.withEntrypoint(BrokerCommand.entrypoint(id, clusterId, role(id).broker() ? spec.heapMb() : spec.controllerHeapMb(),
                            containerSecurity.scramFile()));
                    cmd.withUser(user);
                    hostPort.ifPresent(p -> {
                        ExposedPort client = ExposedPort.tcp(ListenerPlan.CLIENT_PORT);
                        cmd.withExposedPorts(client);
                        cmd.getHostConfig().withPortBindings(new Ports(new PortBinding(Ports.Binding.bindPort(p), client)));
                    });
                });
        // world-readable inside the container (the copy belongs to root, the broker runs as the run folder's owner); only
        // the broker runs there, and the files go with the container
        containerSecurity.files(id).forEach((path, bytes) -> c.withCopyToContainer(Transferable.of(bytes, 0644), path));
        return c;
    }

    /** {@code uid:gid} of the run folder, so files the broker writes there belong to whoever runs the harness. */
    private static String owner(Path dir) {
        try {
            return Files.getAttribute(dir, "unix:uid") + ":" + Files.getAttribute(dir, "unix:gid");
        } catch (IOException | UnsupportedOperationException e) {
            return "0:0";
        }
    }

    private Path nodeDir(int id) {
        return nodesDir.resolve(Integer.toString(id));
    }

    private String containerId(int node) {
        GenericContainer<?> c = containers.get(node);
        if (c == null) throw new IllegalArgumentException("no node " + node);
        return c.getContainerId();
    }

    /** The nodes that run a broker (all of them in combined mode). */
    @Override
    public List<Integer> nodeIds() {
        return List.copyOf(brokerIds);
    }

    @Override
    public List<Integer> controllerIds() {
        return List.copyOf(controllerIds);
    }

    @Override
    public String bootstrapServers() {
        return brokerIds.stream().map(id -> listeners.get(id).advertised().get(ListenerPlan.CLIENT)).collect(Collectors.joining(","));
    }

    /**
     * The brokers first, then the dedicated controllers, which the brokers' controlled shutdown needs. The last voters'
     * wait for a successor is cut short ({@link ContainerVoterRelease}).
     */
    @Override
    public void stopAll() {
        LastVoterRelease release = ContainerVoterRelease.of(containerIds(), this::nodeDir, processes).start();
        try {
            stopInParallel(nodeIds());
            stopInParallel(controllerIds());
        } finally {
            release.close();
        }
    }

    /** Node id → its container's id, every node (dedicated controllers included). */
    private Map<Integer, String> containerIds() {
        Map<Integer, String> m = new LinkedHashMap<>();
        containers.keySet().forEach(id -> m.put(id, containerId(id)));
        return m;
    }

    @Override
    public void kill(int node) {
        if (!closed) processes.kill(containerId(node));
    }

    @Override
    public synchronized void start(int node) {
        if (!closed) processes.start(containerId(node));
    }

    @Override
    public void stop(int node) {
        if (!closed) processes.stop(containerId(node), STOP_GRACE);
    }

    @Override
    public void pause(int node) {
        if (!closed) processes.pause(containerId(node));
    }

    @Override
    public void resume(int node) {
        if (!closed) processes.resume(containerId(node));
    }

    @Override
    public boolean isRunning(int node) {
        return !closed && processes.running(containerId(node));
    }

    @Override
    public boolean isPaused(int node) {
        return !closed && processes.paused(containerId(node));
    }

    @Override
    public Optional<NetworkControl> network() {
        return Optional.empty();
    }

    @Override
    public Optional<ToxicControl> toxics() {
        return Optional.ofNullable(toxics);
    }

    @Override
    public String clusterId() {
        return clusterId;
    }

    @Override
    public String describe() {
        return "docker (" + spec.kafkaImage() + (spec.toxiproxyImage().isPresent() ? ", behind Toxiproxy" : "")
                + (spec.quorum().dedicated() ? ", " + spec.quorum().controllers() + " dedicated controllers" : "") + ")";
    }

    @Override
    public synchronized String kafkaVersion() {
        if (kafkaVersion == null) kafkaVersion = DockerImages.kafkaVersion(docker, spec.kafkaImage());
        return kafkaVersion;
    }

    @Override
    public Map<String, Object> software() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(RunFields.KAFKA_IMAGE, spec.kafkaImage());
        DockerImages.id(docker, spec.kafkaImage()).ifPresent(id -> m.put(RunFields.KAFKA_IMAGE_ID, id));
        spec.toxiproxyImage().ifPresent(t -> m.put(RunFields.TOXIPROXY_IMAGE, t));
        return m;
    }

    @Override
    public Map<String, String> brokerSettings() {
        return spec.brokerSettings();
    }

    @Override
    public Map<Integer, String> nodeAddresses() {
        Map<Integer, String> m = new LinkedHashMap<>();
        brokerIds.forEach(id -> m.put(id, listeners.get(id).advertised().get(ListenerPlan.CLIENT)));
        return m;
    }

    @Override
    public Map<Integer, List<Path>> logDirs() {
        Map<Integer, List<Path>> m = new LinkedHashMap<>();
        brokerIds.forEach(id -> m.put(id, List.of(nodeDir(id).resolve(RunFiles.DATA))));
        return m;
    }

    /** Every node's data folder, dedicated controllers included: each holds its copy of {@code __cluster_metadata-0}. */
    @Override
    public Map<Integer, Path> metadataLogDirs() {
        Map<Integer, Path> m = new LinkedHashMap<>();
        listeners.keySet().forEach(id -> m.put(id, nodeDir(id).resolve(RunFiles.DATA)));
        return m;
    }

    private void removeAllQuietly() {
        // Testcontainers kills and removes one container at a time (about 1.5 s each here): all of them at once
        Parallel.each(List.copyOf(containers.values()), c -> quietly(c::stop));
        if (toxiproxy != null) quietly(toxiproxy::stop);
        if (network != null) quietly(network::close);
        RedactedServerProperties.redactAll(nodesDir); // every container is gone: none reads its server.properties again
        security.close(); // nor its stores
    }

    private static void quietly(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException ignored) {
            // best effort: the janitor removes what is left
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().replaceAll("\\s+", " ");
    }

    /** Removes every container and the network. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        removeAllQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }
}
