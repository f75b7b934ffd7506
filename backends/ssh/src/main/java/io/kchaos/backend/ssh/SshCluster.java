package io.kchaos.backend.ssh;

import io.kchaos.cluster.Parallel;
import io.kchaos.history.folder.RunFiles;
import io.kchaos.history.folder.RunFields;
import io.kchaos.cluster.secret.RedactedServerProperties;
import io.kchaos.cluster.BrokerLaunch;
import io.kchaos.cluster.ClusterException;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.NodeListeners;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.QuorumMode;
import io.kchaos.cluster.QuorumVoters;
import io.kchaos.cluster.QuorumSpec;
import io.kchaos.cluster.security.ClientPropertiesFile;
import io.kchaos.cluster.security.ClusterSecurity;
import io.kchaos.cluster.security.ListenerSecurity;
import io.kchaos.cluster.security.ProxyTls;
import io.kchaos.cluster.security.SecurityMode;
import io.kchaos.cluster.net.FirewallNetwork;
import io.kchaos.cluster.os.PortProbe;
import io.kchaos.cluster.stop.LastVoterRelease;
import io.kchaos.nemesis.cluster.EffectWait;
import io.kchaos.nemesis.cluster.NetworkControl;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

/**
 * A Kafka cluster on hosts reached over SSH, one node per host: brokers kchaos deploys (jars, server.properties,
 * format, start) or brokers already installed there (existing-cluster mode). Deployed, the last {@code controllers}
 * hosts of the list may run dedicated KRaft controllers (static voters) instead of brokers. Faults go through the broker's pid and
 * the host's iptables; after the clean stop the replica audit reads digests made on the hosts ({@link #logDirs()}) and
 * the Raft audit reads copies of their metadata logs ({@link #metadataLogDirs()}).
 * {@link #close()} heals, stops what kchaos started, restores a managed cluster as found and removes what kchaos put
 * on the hosts (unless {@code keep}).
 */
public final class SshCluster implements KafkaCluster {
    private final SshSession session;
    private final KafkaDistribution distribution;
    private final Map<String, String> settings;
    private final int heapMb;
    private final List<Integer> controllerIds;
    private final Duration startTimeout;
    private final Path nodesDir;
    private final Path history;
    private final String topic;
    private final PrintStream out;
    /** How the cluster is secured: the deployed mode, or an existing cluster's client login. */
    private final HostsSecurity hostsSecurity;
    /** A deployed cluster's certificates and SASL user (made in {@link #start()}, deleted at {@link #close()}). */
    private volatile ClusterSecurity security = ClusterSecurity.PLAINTEXT;
    private final Map<Integer, HostBroker> brokers = new LinkedHashMap<>();
    private final Set<Integer> paused = ConcurrentHashMap.newKeySet();
    private final Set<Integer> foundRunning = ConcurrentHashMap.newKeySet();
    private final Thread shutdownHook = new Thread(this::close, "kchaos-ssh-cleanup");
    private final FirewallNetwork network;
    private Map<Integer, Path> metadataCopies = Map.of();
    private String clusterId;
    private boolean closed;

    /**
     * The cluster on these connected hosts; {@code history} and {@code topic} feed the digests' acknowledged offsets;
     * the last {@code quorum.controllers()} hosts run dedicated controllers with {@code controllerHeapMb}; the cluster
     * is secured as {@code hostsSecurity} says (a deployed one with certificates made for the run, copied to each host).
     */
    public SshCluster(SshSession session, KafkaDistribution distribution, Map<String, String> settings, int heapMb, QuorumSpec quorum,
                      int controllerHeapMb, Duration startTimeout, Path nodesDir, Path history, String topic, HostsSecurity hostsSecurity,
                      PrintStream out) {
        String refused = HostsSecurity.refusal(session.existing(), hostsSecurity.deployed(), !hostsSecurity.existingLogin().isEmpty());
        if (refused != null) throw new IllegalArgumentException(refused);
        this.hostsSecurity = hostsSecurity;
        this.session = session;
        this.distribution = distribution;
        this.settings = settings;
        this.heapMb = heapMb;
        List<Integer> hostIds = List.copyOf(session.shells().keySet());
        this.controllerIds = List.copyOf(hostIds.subList(hostIds.size() - quorum.controllers(), hostIds.size()));
        this.startTimeout = startTimeout;
        this.nodesDir = nodesDir;
        this.history = history;
        this.topic = topic;
        this.out = out;
        for (RemoteShell s : session.shells().values()) {
            int heap = controllerIds.contains(s.host().id()) ? controllerHeapMb : heapMb;
            brokers.put(s.host().id(), session.existing() ? new ManagedBroker(s) : new DeployedBroker(s, session.runTag(), jvmOptions(heap)));
        }
        this.network = session.networkAllowed() ? network(new HostSites(NetworkHost.of(session.shells()), session.controlAddresses(), session.runTag())) : null;
    }

    /** The shared network recipe on these hosts, with netem on each host's device towards its peers. */
    private static FirewallNetwork network(HostSites sites) {
        return new FirewallNetwork(sites, new HostDelay(sites, EffectWait.BOUND));
    }

    private static List<String> jvmOptions(int heapMb) {
        List<String> o = new ArrayList<>(BrokerLaunch.brokerJvmFlags(heapMb));
        o.addAll(BrokerLaunch.BROKER_PROPERTIES);
        return o;
    }

    @Override
    public double start() {
        long t0 = System.nanoTime();
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        session.claimHosts();
        if (session.existing()) {
            parallel(id -> {
                if (brokers.get(id).running()) foundRunning.add(id);
            });
            session.recordFoundRunning(foundRunning);
            parallel(id -> brokers.get(id).start());
        } else {
            clusterId = Uuid.randomUuid().toString();
            Map<Integer, String> addresses = new LinkedHashMap<>();
            brokers.values().forEach(b -> addresses.put(b.shell().host().id(), b.shell().host().listener()));
            security = ClusterSecurity.create(hostsSecurity.deployed(), addresses);
            Map<Integer, NodeListeners> listeners = listeners();
            QuorumVoters voters = QuorumVoters.of(voterIds().stream().map(listeners::get).toList(), QuorumMode.STATIC);
            parallel(id -> install((DeployedBroker) brokers.get(id), listeners.get(id), voters));
            parallel(id -> brokers.get(id).start());
        }
        new Readiness(this).awaitReady(startTimeout);
        if (clusterId == null) clusterId = readClusterId();
        return (System.nanoTime() - t0) / 1e9;
    }

    private Map<Integer, NodeListeners> listeners() {
        Map<Integer, NodeListeners> m = new LinkedHashMap<>();
        String name = security.mode().protocol(); // the listener is named after its protocol, as on the local backend
        for (HostBroker b : brokers.values()) {
            SshHost h = b.shell().host();
            String client = h.listener() + ":" + h.clientPort();
            String controller = h.listener() + ":" + h.controllerPort();
            Map<String, String> bind = new LinkedHashMap<>();
            bind.put(name, client);
            bind.put(ServerProperties.CONTROLLER, controller);
            m.put(h.id(), new NodeListeners(h.id(), bind, Map.of(name, client), name, controller,
                    List.of(((DeployedBroker) b).dataDirs().get(0))));
        }
        return m;
    }

    /** Copies the jars (skipping those already there), writes server.properties, formats with the cluster id. */
    private void install(DeployedBroker b, NodeListeners listeners, QuorumVoters voters) {
        RemoteShell s = b.shell();
        SshHost h = s.host();
        int copied = FileSync.sync(s, distribution.jars().stream().map(distribution.libs()::resolve).toList(), DeployedBroker.libDir(h));
        s.check("rm -rf " + Shell.quote(b.nodeDir()) + " && mkdir -p " + Shell.quote(b.nodeDir()));
        Map<String, String> nodeSettings = new LinkedHashMap<>(distribution.profile().serverSettings(settings));
        nodeSettings.putAll(h.overrides());
        String props = ServerProperties.render(listeners, role(h.id()), voters, nodeSettings, nodeSecurity(b));
        s.upload(props.getBytes(java.nio.charset.StandardCharsets.UTF_8), b.nodeDir() + "/server.properties");
        List<String> format = new ArrayList<>(List.of(h.java()));
        format.addAll(BrokerLaunch.TOOL_JVM_FLAGS);
        format.addAll(List.of("-cp",
                DeployedBroker.libDir(h) + "/*", "kafka.tools.StorageTool"));
        format.addAll(distribution.profile().formatArgs(clusterId, "server.properties", settings));
        format.addAll(security.formatArgs());
        if (!s.exec("cd " + Shell.quote(b.nodeDir()) + " && " + Shell.join(format) + " >format.log 2>&1").ok()) {
            throw new ClusterException(h.label() + ": storage format failed; see " + b.nodeDir() + "/format.log on the host");
        }
        if (copied > 0) out.println(h.label() + ": copied " + copied + " of " + distribution.jars().size() + " broker jars");
    }

    /**
     * Node {@code b}'s side of the run's security, its keystore and the truststore copied into its folder (owner-only)
     * where the broker reads them; they go with the folder at the end, and with {@code --keep} they are removed anyway.
     */
    private ListenerSecurity nodeSecurity(DeployedBroker b) {
        int id = b.shell().host().id();
        ListenerSecurity node = security.listeners(id);
        if (node.keystore() == null) return node;
        String dir = b.securityDir();
        b.shell().check("mkdir -p " + Shell.quote(dir) + " && chmod 700 " + Shell.quote(dir));
        String keystore = dir + "/node.p12";
        String truststore = dir + "/truststore.p12";
        b.shell().upload(node.keystore(), keystore);
        b.shell().upload(node.stores().truststore(), truststore);
        b.shell().check("chmod 600 " + Shell.quote(keystore) + " " + Shell.quote(truststore));
        return node.storedAt(Path.of(keystore), Path.of(truststore));
    }

    private String readClusterId() {
        try (Admin admin = admin()) {
            return admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return "?";
        }
    }

    /** Runs the action for every node at once; the first failure is rethrown after all finished. */
    private void parallel(IntConsumer action) {
        Parallel.all(List.copyOf(brokers.keySet()), action::accept);
    }

    /**
     * Stops every broker cleanly, then the dedicated controllers (a broker's controlled shutdown needs the quorum), then
     * has each broker's host digest its replicas for the audit and copies every host's metadata log. On a deployed
     * cluster the last voters' wait for a successor is cut short ({@link DeployedVoterRelease}).
     */
    @Override
    public void stopAll() {
        Optional<LastVoterRelease> release = DeployedVoterRelease.start(session.existing(), brokers.values());
        try {
            KafkaCluster.super.stopAll();
            stopInParallel(controllerIds);
        } finally {
            release.ifPresent(LastVoterRelease::close);
        }
        try {
            Map<Integer, ReplicaDigests.Cost> costs = new ReplicaDigests(nodesDir.resolve(RunFiles.AUDIT_SCRATCH)).collect(
                    nodeIds().stream().map(brokers::get).toList(),
                    history, topic, nodesDir);
            long digest = costs.values().stream().mapToLong(ReplicaDigests.Cost::digestBytes).sum();
            long segments = costs.values().stream().mapToLong(ReplicaDigests.Cost::segmentBytes).sum();
            out.printf("replica digests: %,d bytes from %,d bytes of %s segments on %d hosts%n", digest, segments, topic, costs.size());
        } catch (RuntimeException e) {
            out.println("warning: replica digests could not be collected: " + e.getMessage());
        }
        try {
            metadataCopies = new MetadataLogCopies(nodesDir).collect(List.copyOf(brokers.values()));
        } catch (RuntimeException e) {
            out.println("warning: the metadata logs could not be copied for the Raft audit: " + e.getMessage());
        }
        if (!session.existing()) attemptQuietly(() -> parallel(id -> fetchLogs((DeployedBroker) brokers.get(id))));
        RedactedServerProperties.redactAll(nodesDir); // the fetched copies; the hosts' own stay as the brokers read them
    }

    /** The broker's server.log and server.properties into {@code nodes/<id>/}, as the local backend leaves them. */
    private void fetchLogs(DeployedBroker b) {
        Path dir = nodesDir.resolve(Integer.toString(b.shell().host().id()));
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (String f : List.of(RunFiles.SERVER_LOG, RunFiles.SERVER_PROPERTIES)) b.shell().download(b.nodeDir() + "/" + f, dir.resolve(f));
    }

    private void attemptQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            out.println("warning: " + e.getMessage());
        }
    }

    /** The hosts that run a broker (all of them in combined mode). */
    @Override
    public List<Integer> nodeIds() {
        return brokers.keySet().stream().filter(id -> !controllerIds.contains(id)).toList();
    }

    @Override
    public List<Integer> controllerIds() {
        return controllerIds;
    }

    @Override
    public void kill(int node) {
        broker(node).kill();
        paused.remove(node);
        awaitPortsClosed(node);
    }

    @Override
    public void start(int node) {
        if (closed) return;
        broker(node).start();
        paused.remove(node);
    }

    @Override
    public void stop(int node) {
        broker(node).stop();
        paused.remove(node);
        awaitPortsClosed(node);
    }

    /**
     * A killed or stopped node holds once its ports no longer accept connections from the harness's side, where the
     * clients reach it: client and controller port in deploy mode, the bootstrap address of a managed broker.
     */
    private void awaitPortsClosed(int node) {
        SshHost h = broker(node).shell().host();
        if (h.existing() == null) {
            PortProbe.awaitClosed("node " + node, h.listener(), List.of(h.clientPort(), h.controllerPort()));
            return;
        }
        String b = h.bootstrap();
        int colon = b.lastIndexOf(':');
        if (colon > 0 && b.substring(colon + 1).matches("\\d+")) {
            PortProbe.awaitClosed("node " + node, b.substring(0, colon), List.of(Integer.parseInt(b.substring(colon + 1))));
        }
    }

    /** Marked paused first, so that a pause whose effect was not seen is still resumed by its heal. */
    @Override
    public void pause(int node) {
        paused.add(node);
        broker(node).pause();
    }

    @Override
    public void resume(int node) {
        broker(node).resume();
        paused.remove(node);
    }

    @Override
    public boolean isRunning(int node) {
        return broker(node).running();
    }

    @Override
    public boolean isPaused(int node) {
        return paused.contains(node);
    }

    private HostBroker broker(int node) {
        HostBroker b = brokers.get(node);
        if (b == null) throw new IllegalArgumentException("no node " + node);
        return b;
    }

    @Override
    public Optional<NetworkControl> network() {
        return Optional.ofNullable(network);
    }

    @Override
    public Map<String, String> clientSecurity() {
        return session.existing() ? hostsSecurity.existingLogin() : security.clientSettings();
    }

    @Override
    public Optional<ProxyTls> proxyTls() {
        return security.proxyTls();
    }

    @Override
    public String bootstrapServers() {
        return nodeIds().stream().map(id -> brokers.get(id).shell().host().bootstrap()).collect(Collectors.joining(","));
    }

    @Override
    public String clusterId() {
        return clusterId;
    }

    @Override
    public String describe() {
        return "ssh, " + (session.existing() ? "existing cluster" : "deployed") + ", " + brokers.size() + " hosts"
                + (controllerIds.isEmpty() ? "" : " (" + controllerIds.size() + " dedicated controllers)");
    }

    @Override
    public String kafkaVersion() {
        return session.existing() ? "existing" : distribution.version();
    }

    @Override
    public Map<String, Object> software() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!session.existing()) {
            m.put(RunFields.KAFKA_JARS, distribution.jars());
            m.put(RunFields.KAFKA_FEATURES, distribution.profile().effectiveFeatures(settings));
        }
        m.put(RunFields.SSH_HOSTS, session.describeHosts());
        if (!hostsSecurity.existingLogin().isEmpty()) {
            m.put(RunFields.CLIENT_PROPERTIES, ClientPropertiesFile.recorded(new java.util.TreeMap<>(hostsSecurity.existingLogin())));
        }
        m.put(RunFields.HOST_CLOCK_OFFSETS, ClockOffsets.toJson(session.clockOffsets()));
        return m;
    }

    @Override
    public Map<String, String> brokerSettings() {
        return session.existing() ? Map.of() : settings;
    }

    @Override
    public Map<Integer, String> nodeAddresses() {
        Map<Integer, String> m = new LinkedHashMap<>();
        nodeIds().forEach(id -> m.put(id, brokers.get(id).shell().host().bootstrap()));
        return m;
    }

    /** Node id → the replica digest its host made after the clean stop (the audit reads digests like log dirs). */
    @Override
    public Map<Integer, List<Path>> logDirs() {
        Map<Integer, List<Path>> m = new LinkedHashMap<>();
        nodeIds().forEach(id -> m.put(id, List.of(nodesDir.resolve(Integer.toString(id)).resolve(ReplicaDigests.FILE))));
        return m;
    }

    /** Copies of the hosts' metadata logs made after the clean stop ({@link MetadataLogCopies}); empty before it. */
    @Override
    public Map<Integer, Path> metadataLogDirs() {
        return metadataCopies;
    }

    /** The remote data directories of each node (for a test or an operator that wants to look). */
    public Map<Integer, List<String>> remoteDataDirs() {
        Map<Integer, List<String>> m = new LinkedHashMap<>();
        brokers.forEach((id, b) -> m.put(id, b.dataDirs()));
        return m;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        List<String> problems = new ArrayList<>();
        if (network != null) attempt(problems, network::close);
        for (int id : brokers.keySet()) attempt(problems, () -> broker(id).resume());
        if (session.existing()) {
            attempt(problems, () -> parallel(id -> {
                if (foundRunning.contains(id)) brokers.get(id).start();
                else brokers.get(id).stop();
            }));
            if (!foundRunning.isEmpty()) attempt(problems, this::deleteRunTopics);
        } else {
            attempt(problems, () -> parallel(id -> brokers.get(id).kill()));
            if (!session.keep()) attempt(problems, () -> parallel(id -> brokers.get(id).uninstall()));
            else if (security.mode() != SecurityMode.PLAINTEXT) attempt(problems, () -> parallel(id -> ((DeployedBroker) brokers.get(id)).removeKeyMaterial()));
        }
        attempt(problems, session::releaseHosts);
        session.close();
        security.close();
        if (!problems.isEmpty()) out.println("warning: clean-up on the hosts was incomplete: " + String.join("; ", problems));
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }

    /** On a managed cluster the run's topics go with the run (once the brokers found running are back). */
    private void deleteRunTopics() {
        try (Admin admin = admin()) {
            admin.deleteTopics(List.of(topic, Readiness.PROBE_TOPIC)).all().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not delete the run's topics " + topic + " and " + Readiness.PROBE_TOPIC + ": " + e.getMessage());
        }
    }

    private static void attempt(List<String> problems, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            problems.add(e.getMessage());
        }
    }

}
