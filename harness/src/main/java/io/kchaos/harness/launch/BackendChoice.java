package io.kchaos.harness.launch;

import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaCluster;
import io.kchaos.backend.docker.ContainerCluster;
import io.kchaos.backend.docker.DockerBackend;
import io.kchaos.backend.docker.DockerSpec;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.harness.run.Capabilities;
import io.kchaos.harness.run.ClusterFactory;
import io.kchaos.backend.local.Hosts;
import io.kchaos.backend.local.LocalBackend;
import io.kchaos.backend.local.storage.DataDisks;
import io.kchaos.harness.run.RunConfig;
import io.kchaos.harness.run.RunFolder;
import io.kchaos.backend.ssh.HostsSecurity;
import io.kchaos.backend.ssh.SshCluster;
import io.kchaos.backend.ssh.SshSession;
import io.kchaos.nemesis.Nemesis;

import java.io.PrintStream;
import java.util.Map;
import java.time.Duration;
import java.util.List;

/**
 * Where a run's brokers live, chosen and checked against the faults asked for before anything is staged; once the
 * release and its settings are resolved it makes the factory that {@code ChaosRun} starts the cluster with.
 */
@FunctionalInterface
public interface BackendChoice {
    /** How long a container or SSH node may take to start. */
    Duration REMOTE_START_TIMEOUT = Duration.ofSeconds(180);

    /** The cluster factory for brokers of {@code spec}'s release, settings and heap. */
    ClusterFactory clusters(ClusterSpec spec);

    /**
     * Broker JVMs on this machine, in network namespaces unless the run says otherwise; refuses (with one line) the
     * faults this machine cannot inject, and loads the sync-tracking agent only when power loss is in the mix.
     */
    static BackendChoice local(RunConfig config, List<Nemesis> nemeses, CommandRunner runner, PrintStream out) {
        Capabilities.refuse(nemeses, LocalBackend.capabilities(runner, config.cluster().quorum(), config.cluster().logDirs(),
                config.cluster().tiered()), "--backend local");
        DataDisks.refuseJbod(config.cluster().logDirs(), nemeses);
        Hosts.Plan hosts = Hosts.plan(config.cluster().namespaces(), runner);
        hosts.refuseUnavailable(nemeses);
        hosts.note().ifPresent(out::println);
        return spec -> new ClusterFactory() {
            @Override
            public KafkaCluster create(RunConfig c, RunFolder folder) {
                return LocalBackend.cluster(spec, folder.nodes(), hosts, runner, nemeses);
            }

            @Override
            public List<String> sweepLeftovers() {
                return LocalBackend.sweepLeftovers(runner);
            }
        };
    }

    /** Containers through Testcontainers, with a Toxiproxy container only when a Toxiproxy fault is asked for. */
    static BackendChoice docker(List<Nemesis> nemeses, String kafkaImage, String toxiproxyImage) {
        Capabilities.refuse(nemeses, DockerBackend.CAPABILITIES, "--backend docker");
        return spec -> {
            DockerSpec docker = new DockerSpec(spec.nodes(), kafkaImage != null ? kafkaImage : DockerSpec.officialImage(spec.distribution().version()),
                    spec.brokerSettings(), spec.heapMb(), REMOTE_START_TIMEOUT, DockerBackend.toxiproxyFor(nemeses, toxiproxyImage),
                    spec.quorum(), spec.controllerHeapMb(), spec.security());
            return new ClusterFactory() {
                @Override
                public KafkaCluster create(RunConfig config, RunFolder folder) {
                    return new ContainerCluster(docker, folder.nodes());
                }

                @Override
                public List<String> sweepLeftovers() {
                    return DockerBackend.sweepLeftovers();
                }
            };
        };
    }

    /** Hosts reached over an open SSH session, one node per host; an existing cluster's clients log in with {@code existingLogin}. */
    static BackendChoice ssh(SshSession session, Map<String, String> existingLogin, PrintStream out) {
        return spec -> (RunConfig c, RunFolder f) -> new SshCluster(session, spec.distribution(), spec.brokerSettings(), spec.heapMb(),
                spec.quorum(), spec.controllerHeapMb(), REMOTE_START_TIMEOUT, f.nodes(), f.files().history(c.historyFormat()), c.cluster().topic(),
                new HostsSecurity(spec.security(), existingLogin), out);
    }
}
