package io.kchaos.cluster;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Waits for a cluster to be ready by asking it, never by sleeping a fixed time: every broker registered, then a
 * probe topic whose every partition has a leader and a full ISR. Its client retries and reconnects at most
 * {@value #BACKOFF_MILLIS} ms apart (not the client's default of up to 1 s), so it notices a broker as soon as it listens.
 */
public final class Readiness {
    /** Topic created to prove the cluster can elect leaders and replicate. */
    public static final String PROBE_TOPIC = "kchaos-ready";
    static final long BACKOFF_MILLIS = 100;
    private static final Map<String, Object> QUICK_RETRIES = Map.of(
            AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, BACKOFF_MILLIS,
            AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, BACKOFF_MILLIS);

    private final KafkaCluster cluster;

    public Readiness(KafkaCluster cluster) {
        this.cluster = cluster;
    }

    public void awaitReady(Duration timeout) {
        try (Admin admin = client()) {
            awaitReady(admin, timeout);
        }
    }

    /** The client {@link #awaitReady(Admin, Duration)} wants (the caller closes it); may be made before the brokers start. */
    public Admin client() {
        return cluster.admin(QUICK_RETRIES);
    }

    /** As {@link #awaitReady(Duration)}, asking through {@code admin} (from {@link #client()}). */
    public void awaitReady(Admin admin, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            int expected = cluster.nodeIds().size();
            waitUntil(deadline, "all " + expected + " brokers to register", () -> QuorumDiagnosis.read(cluster).map(QuorumDiagnosis::clause).orElse(""), () -> {
                int seen = admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size();
                List<Integer> brokersGone = cluster.nodeIds().stream().filter(id -> !cluster.isRunning(id)).toList();
                if (seen == expected && !brokersGone.isEmpty()) {
                    throw new ClusterException("broker " + brokersGone + " exited during start-up (see its server.log)");
                }
                List<Integer> controllersGone = cluster.controllerIds().stream().filter(id -> !cluster.isRunning(id)).toList();
                if (!controllersGone.isEmpty()) {
                    throw new ClusterException("controller " + controllersGone + " exited during start-up (see its server.log)");
                }
                return seen == expected;
            });
            short rf = (short) Math.min(3, expected);
            // asked again until the deadline: a controller still settling (a dynamic quorum's first snapshot, a loaded
            // machine) can leave one CreateTopics unanswered for seconds, which is not yet a cluster that failed to start
            waitUntil(deadline, "the probe topic " + PROBE_TOPIC + " created", () -> {
                try {
                    admin.createTopics(List.of(new NewTopic(PROBE_TOPIC, 1, rf))).all().get(10, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) throw e;
                }
                return true;
            });
            awaitFullIsr(admin, PROBE_TOPIC, deadline);
        } catch (ClusterException e) {
            throw e;
        } catch (Exception e) {
            throw new ClusterException("cluster not ready: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
        }
    }

    /** Waits until every partition of the topic has a leader and all its replicas in the ISR. */
    public static void awaitFullIsr(Admin admin, String topic, long deadlineNanos) {
        waitUntil(deadlineNanos, "full ISR on " + topic, () -> {
            Map<String, TopicDescription> d = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS);
            for (TopicPartitionInfo p : d.get(topic).partitions()) {
                if (p.leader() == null || p.leader().isEmpty() || p.isr().size() < p.replicas().size()) return false;
            }
            return true;
        });
    }

    /** A condition that may throw while the cluster is still coming up (that counts as not yet). */
    @FunctionalInterface
    public interface Probe {
        boolean ready() throws Exception;
    }

    /** Polls the probe every {@value #BACKOFF_MILLIS} ms until it is true or the deadline passes (then ClusterException with the goal). */
    public static void waitUntil(long deadlineNanos, String goal, Probe probe) {
        waitUntil(deadlineNanos, goal, () -> "", probe);
    }

    /** As {@link #waitUntil(long, String, Probe)}; at the deadline the failure line ends with what {@code explain} adds. */
    static void waitUntil(long deadlineNanos, String goal, Supplier<String> explain, Probe probe) {
        String last = "";
        while (System.nanoTime() < deadlineNanos) {
            try {
                if (probe.ready()) return;
            } catch (ClusterException e) {
                throw e;
            } catch (Exception e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                last = ": " + (cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName());
            }
            try {
                Thread.sleep(BACKOFF_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("interrupted while waiting for " + goal);
            }
        }
        throw new ClusterException("timed out waiting for " + goal + last + explain.get());
    }
}
