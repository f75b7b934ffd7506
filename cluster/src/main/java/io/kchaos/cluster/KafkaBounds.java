package io.kchaos.cluster;

import java.time.Duration;
import java.util.Map;

/**
 * How long a cluster event may take, derived from the Kafka settings it waits on (Kafka's defaults where unset), so
 * that no wait in a test or a run is chosen by feel. Each bound is twice the sum of those timeouts plus a fixed
 * allowance for JVM scheduling on a small, loaded machine (three brokers and the harness on two cores).
 */
public final class KafkaBounds {
    /** Scheduling allowance added to every bound: GC, class loading and CPU contention of co-located JVMs. */
    public static final Duration SCHEDULING = Duration.ofSeconds(10);

    private final Map<String, String> settings;

    /** {@code settings}: the resolved broker settings of the cluster (defaults + user), as run.json records them. */
    public KafkaBounds(Map<String, String> settings) {
        this.settings = Map.copyOf(settings);
    }

    /**
     * Until the controller fences a broker that stopped heartbeating (SIGKILL, SIGSTOP, cut from the controller) and
     * elects new leaders for what it led: its session timeout after the last heartbeat, plus a controller election
     * when that broker was also the active controller.
     */
    public Duration fencing() {
        return bound(ms("broker.session.timeout.ms", 9_000) + ms("broker.heartbeat.interval.ms", 2_000)
                + ms("controller.quorum.fetch.timeout.ms", 2_000) + ms("controller.quorum.election.timeout.ms", 1_000));
    }

    /**
     * Until a started node serves again: a broker restarted soon after a kill registers only once its old session
     * expired, then catches up and is unfenced on a heartbeat; a controller catches up by fetching from the quorum's
     * leader, after an election when there was none. Its JVM start and log recovery take another scheduling allowance.
     */
    public Duration restart() {
        return fencing().plus(SCHEDULING);
    }

    /** Until a leader drops a follower that stopped fetching from the ISR: the lag limit, checked every half of it. */
    public Duration isrShrink() {
        return bound(ms("replica.lag.time.max.ms", 30_000) * 3 / 2);
    }

    /**
     * Until a restarted or reconnected broker is back in every ISR with a small backlog: it registers and is unfenced
     * (one session), then catches up and is added on a fetch at the high watermark.
     */
    public Duration rejoin() {
        return bound(ms("broker.session.timeout.ms", 9_000) + ms("replica.lag.time.max.ms", 30_000)
                + ms("replica.fetch.wait.max.ms", 500));
    }

    /**
     * Until every broker applies a committed metadata change (a topic's configuration altered, a topic created): the
     * controller appends it, and each broker, which follows the metadata log with fetches the controller answers as
     * soon as there is something new, publishes it; a broker whose fetch went unanswered gives up on it after the
     * quorum's fetch timeout and fetches again.
     */
    public Duration metadataPropagation() {
        return bound(ms("controller.quorum.fetch.timeout.ms", 2_000));
    }

    private Duration bound(long kafkaMs) {
        return Duration.ofMillis(2 * kafkaMs).plus(SCHEDULING);
    }

    private long ms(String key, long kafkaDefault) {
        String v = settings.get(key);
        if (v == null) return kafkaDefault;
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("broker setting " + key + "=" + v + " is not a whole number of milliseconds");
        }
    }
}
