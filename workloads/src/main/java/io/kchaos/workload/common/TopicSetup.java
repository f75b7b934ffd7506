package io.kchaos.workload.common;

import io.kchaos.workload.WorkloadContext;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Creates the workload's topic, or reuses it if it exists, and waits until every partition has a leader. */
public final class TopicSetup {
    private static final long RETRY_MILLIS = 250;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TopicSetup() {
    }

    /** Creates (or reuses) the context's topic, waits up to 60 s for its leaders, and returns its partitions. */
    public static List<TopicPartition> ensure(WorkloadContext ctx) throws InterruptedException {
        return ensure(ctx, List.of(ctx.topic())).all();
    }

    /**
     * Creates (or reuses) each of {@code topics} with the context's settings, waits for their leaders, and returns
     * their layout; topics that already existed with different partition counts are refused.
     */
    public static TopicLayout ensure(WorkloadContext ctx, List<String> topics) throws InterruptedException {
        try (Admin admin = Admin.create(ClientConfigs.admin(ctx))) {
            Integer count = null;
            for (String t : topics) {
                int n = ensure(admin, t, ctx.partitions(), ctx.replicationFactor(), ctx.topicConfig(), TIMEOUT);
                if (count != null && n != count) throw new IllegalStateException("topics " + topics + " have different partition counts");
                count = n;
            }
            return new TopicLayout(topics, count);
        }
    }

    /**
     * The topic's partitions now, when it has more than {@code known} (it gained partitions mid-run); {@code known}
     * when it has not or the cluster does not answer.
     */
    public static List<TopicPartition> grown(Admin admin, String topic, List<TopicPartition> known) throws InterruptedException {
        try {
            int n = admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS)
                    .get(topic).partitions().size();
            return n > known.size() ? Partitions.of(topic, n) : known;
        } catch (ExecutionException | TimeoutException e) {
            return known;
        }
    }

    /**
     * Ensures the topic exists with leaders for all its partitions; returns its partition count (which, for a topic
     * that already existed, may differ from the one asked for).
     */
    public static int ensure(Admin admin, String topic, int partitions, short replicationFactor, Map<String, String> configs,
                      Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        create(admin, new NewTopic(topic, partitions, replicationFactor).configs(configs), deadline);
        int count = awaitLeaders(admin, topic, deadline, timeout);
        if (count != partitions) {
            System.err.println("warning: topic " + topic + " already existed with " + count + " partitions (asked for "
                    + partitions + "); using " + count);
        }
        return count;
    }

    private static void create(Admin admin, NewTopic topic, long deadline) throws InterruptedException {
        while (true) {
            try {
                admin.createTopics(List.of(topic)).all().get(remainingMillis(deadline), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof TopicExistsException) return;
                if (!(e.getCause() instanceof RetriableException) || pastDeadline(deadline)) {
                    throw new IllegalStateException("cannot create topic " + topic.name() + ": "
                            + SendErrorClassifier.describe(e.getCause()));
                }
            } catch (java.util.concurrent.TimeoutException e) {
                if (pastDeadline(deadline)) throw new IllegalStateException("cannot create topic " + topic.name()
                        + ": no answer from the cluster");
            }
            Thread.sleep(RETRY_MILLIS);
        }
    }

    private static int awaitLeaders(Admin admin, String topic, long deadline, Duration timeout)
            throws InterruptedException {
        String lastProblem = "not described yet";
        while (!pastDeadline(deadline)) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(remainingMillis(deadline), TimeUnit.MILLISECONDS).get(topic);
                List<Integer> leaderless = d.partitions().stream().filter(p -> !hasLeader(p))
                        .map(TopicPartitionInfo::partition).toList();
                if (leaderless.isEmpty() && !d.partitions().isEmpty()) return d.partitions().size();
                lastProblem = "partitions without a leader: " + leaderless;
            } catch (ExecutionException e) {
                lastProblem = SendErrorClassifier.describe(e.getCause());
            } catch (java.util.concurrent.TimeoutException e) {
                lastProblem = "no answer from the cluster";
            }
            Thread.sleep(RETRY_MILLIS);
        }
        throw new IllegalStateException("topic " + topic + " not ready after " + timeout.toSeconds() + " s: "
                + lastProblem);
    }

    private static boolean hasLeader(TopicPartitionInfo p) {
        Node leader = p.leader();
        return leader != null && !leader.isEmpty();
    }

    private static boolean pastDeadline(long deadline) {
        return System.nanoTime() - deadline >= 0;
    }

    private static long remainingMillis(long deadline) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }
}
