package io.kchaos.harness.proxy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.LoopbackHosts;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.install.Installation;
import io.kchaos.cluster.os.ProcessCommandRunner;
import io.kchaos.history.HistoryWriter;
import io.kchaos.history.NemesisOps;
import io.kchaos.nemesis.Fault;
import io.kchaos.nemesis.NemesisContext;
import io.kchaos.nemesis.NemesisRecorder;
import io.kchaos.nemesis.cluster.AdminTopicView;
import io.kchaos.nemesis.cluster.ProtocolControl;
import io.kchaos.nemesis.cluster.ProtocolRule;
import io.kchaos.nemesis.protocol.ProtocolNemesis;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every protocol fault on one real 3-node cluster behind the kchaos proxy, each case short: the client's view (an
 * error, a timeout, a latency, a record twice or late in the log, a stall, a closed connection) and the proxy's own
 * record of the action; the link faults (latency, bandwidth, slicing, black hole, reset) end with their heal and the
 * client going on.
 */
@Tag("cluster")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProtocolFaultsClusterTest {
    private static final long SECOND = 1_000_000_000L;
    /** The test producers' request.timeout.ms: how long one waits for an answer before it closes the connection. */
    private static final long REQUEST_TIMEOUT_MS = 2000;
    /** Unlimited sends of the bandwidth case whose median is compared with the limited one. */
    private static final int FREE_SENDS = 5;

    private LocalCluster nodes;
    private ProxiedCluster cluster;
    private ProtocolControl proxy;
    private Admin admin;
    private HistoryWriter history;
    private Path dir;
    private KafkaBounds bounds;
    private final List<ObjectNode> actions = new CopyOnWriteArrayList<>();

    @BeforeAll
    void startCluster(@TempDir Path tmp) throws Exception {
        dir = tmp;
        Map<String, String> settings = new LinkedHashMap<>(ServerProperties.harnessDefaults(3));
        bounds = new KafkaBounds(settings);
        ClusterSpec spec = new ClusterSpec(3, KafkaDistribution.bundled(), settings, 384, Duration.ofSeconds(120));
        nodes = new LocalCluster(spec, tmp.resolve("nodes"), new LoopbackHosts(), new ProcessCommandRunner());
        cluster = new ProxiedCluster(nodes, Installation.current().proxyLibs().orElseThrow(), tmp.resolve("proxy"));
        System.out.printf("cluster and proxy up in %.1f s: %s%n", cluster.start(), cluster.describe());
        proxy = cluster.protocol().orElseThrow();
        proxy.onAction(actions::add);
        admin = cluster.admin();
        history = new HistoryWriter(tmp.resolve("history.jsonl"));
    }

    @AfterAll
    void stopCluster() {
        if (history != null) history.close();
        if (admin != null) admin.close(Duration.ofSeconds(2));
        if (cluster != null) cluster.close();
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains("io.kchaos.proxy.ProxyMain")
                && p.parent().map(pp -> pp.pid() == ProcessHandle.current().pid()).orElse(false)), "the proxy JVM is gone");
    }

    @Test
    void errorAnswersTheRequestInsteadOfTheBrokerAndIsRecordedWithItsHeal() throws Exception {
        String topic = topic("error");
        NemesisContext ctx = new NemesisContext(cluster, new AdminTopicView(admin, topic, 1), new NemesisRecorder(history), new Random(1));
        Fault fault = new ProtocolNemesis("error-responses", NemesisOps.PROXY_ERROR,
                ProtocolRule.of("t", "error", List.of("PRODUCE")).withError("NOT_ENOUGH_REPLICAS").withCount(1), "any").inject(ctx);
        try (KafkaProducer<String, String> p = producer(false, 0)) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> p.send(new ProducerRecord<>(topic, 0, "k", "v")).get(20, TimeUnit.SECONDS));
            assertInstanceOf(NotEnoughReplicasException.class, e.getCause());
        } finally {
            fault.heal();
        }
        history.close();
        String h = Files.readString(dir.resolve("history.jsonl"));
        assertTrue(h.contains("\"f\":\"proxy-error\"") && h.contains("\"f\":\"heal-proxy\""), h);
        ObjectNode a = action("error", "answered with NOT_ENOUGH_REPLICAS");
        assertEquals("PRODUCE", a.path("api").asText());
        assertTrue(a.path("correlation").asInt(-1) >= 0 && a.path("client").asText().startsWith("test-") && a.path("node").asInt(-1) >= 0, a.toString());
        assertEquals(0, endOffset(topic), "the broker never saw the request");
        history = new HistoryWriter(dir.resolve("history-2.jsonl"));
    }

    @Test
    void aDroppedResponseMakesARetryingProducerWithoutIdempotenceWriteTwice() throws Exception {
        String topic = topic("drop");
        proxy.add(ProtocolRule.of("drop", "drop-response", List.of("PRODUCE")).withCount(1));
        try (KafkaProducer<String, String> p = producer(false, 10)) {
            p.send(new ProducerRecord<>(topic, 0, "k", "once")).get(30, TimeUnit.SECONDS);
        } finally {
            proxy.remove("drop");
        }
        action("drop", "dropped the response");
        assertEquals(List.of("once", "once"), values(topic), "the broker appended it, the client did not hear, retried");
    }

    @Test
    void aDuplicatedRequestIsAppendedTwiceWithoutIdempotenceAndOnceWithIt() throws Exception {
        String topic = topic("dup");
        proxy.add(ProtocolRule.of("dup", "duplicate", List.of("PRODUCE")).withCount(2));
        try (KafkaProducer<String, String> plain = producer(false, 0); KafkaProducer<String, String> idem = producer(true, 10)) {
            plain.send(new ProducerRecord<>(topic, 0, "k", "plain")).get(30, TimeUnit.SECONDS);
            awaitAction("dup", 1);
            idem.send(new ProducerRecord<>(topic, 0, "k", "idempotent")).get(30, TimeUnit.SECONDS);
            awaitAction("dup", 2);
        } finally {
            proxy.remove("dup");
        }
        assertTrue(action("dup", "delivered a second time").has("broker-errors"));
        assertEquals(List.of("plain", "plain", "idempotent"), values(topic));
    }

    @Test
    void aDelayHoldsTheRequestItsTimeOnTheSameConnection() throws Exception {
        String topic = topic("delay");
        try (KafkaProducer<String, String> p = producer(true, 10)) {
            p.send(new ProducerRecord<>(topic, 0, "k", "warm")).get(30, TimeUnit.SECONDS);
            proxy.add(ProtocolRule.of("delay", "delay", List.of("PRODUCE")).withDelay(1500, 1500, false).withCount(1));
            long t0 = System.nanoTime();
            p.send(new ProducerRecord<>(topic, 0, "k", "late")).get(30, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds >= 1.5, "acknowledged after " + seconds + " s");
            System.out.printf("MEASURED delay-requests: a 1500 ms delay, acknowledged after %.2f s%n", seconds);
        } finally {
            proxy.remove("delay");
        }
        action("delay", "delayed the request 1500 ms");
    }

    @Test
    void aHeldRequestReachesTheBrokerAfterTheClientsNextRequestWentThrough() throws Exception {
        String topic = topic("hold");
        proxy.add(ProtocolRule.of("hold", "hold", List.of("PRODUCE")).withCount(1).withRelease("PRODUCE", 20_000));
        try (KafkaProducer<String, String> p = producer(false, 0)) {
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> p.send(new ProducerRecord<>(topic, 0, "k", "first")).get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException, e.getCause().toString());
            p.send(new ProducerRecord<>(topic, 0, "k", "second")).get(30, TimeUnit.SECONDS);
            awaitAction("hold", 2);
        } finally {
            proxy.remove("hold");
        }
        ObjectNode late = action("hold", "then delivered on the proxy's own connection");
        assertEquals(1, late.path("broker-errors").path("NONE").asInt(0), "the broker accepted the late request: " + late);
        assertEquals(List.of("second", "first"), values(topic), "the request the client gave up on landed after the next one");
    }

    @Test
    void linkLatencyDelaysEveryRoundTripUntilHealedAndTheProxyRecordsWhatItDid() throws Exception {
        String topic = topic("latency");
        try (KafkaProducer<String, String> p = producer(true, 10)) {
            // medians over enough sends that a few slowed by the machine (GC, the other JVMs on two cores) cannot move
            // them; the slowed median needs fewer: each of its sends takes at least the 600 ms the rule adds
            double before = medianSendMs(p, topic, 15);
            proxy.add(ProtocolRule.of("lat", "latency", List.of()).withDelay(300, 300, false));
            double during;
            try {
                during = medianSendMs(p, topic, 7);
            } finally {
                proxy.remove("lat");
            }
            double after = medianSendMs(p, topic, 15);
            System.out.printf("MEASURED proxy-latency 300 ms each way: median send %.0f ms before, %.0f ms during, %.0f ms after%n",
                    before, during, after);
            assertTrue(during >= 600 && during > before + 500, "a request and its response each 300 ms late: " + during + " vs " + before);
            // healed: back below baseline + one way's delay, so a heal that left either direction delayed (300 ms on
            // every round trip) fails, while the machine's load adds milliseconds, not hundreds, to a median
            assertTrue(after < before + 300, "healed: " + before + " -> " + during + " -> " + after);
        }
        action("lat", "latency on the client's connection");
        assertTrue(action("lat", "delayed").path("did").asText().contains("by 300 ms on average"));
    }

    @Test
    void aBlackHoleStallsTheClientUntilHealedAndAResetClosesItsConnections() throws Exception {
        String topic = topic("hole");
        String client = "test-hole-" + System.nanoTime();
        try (KafkaProducer<String, String> p = producer(true, 10, client)) {
            p.send(new ProducerRecord<>(topic, 0, "k", "warm")).get(30, TimeUnit.SECONDS);
            double closedBeforeHole = closes(p);
            proxy.add(ProtocolRule.of("hole", "blackhole", List.of()));
            long t0 = System.nanoTime();
            var stalled = p.send(new ProducerRecord<>(topic, 0, "k", "after-the-hole"));
            // Seen, not slept on: the proxy took this producer's request into the hole, and the producer then gave up
            // waiting for its answer (request.timeout.ms, 2 s here: it closes the connection to retry), and still
            // the send is not done, so no byte of the request or of an answer passed. The bound is that timeout plus
            // the scheduling allowance of a loaded machine.
            awaitAction("hole", "blackhole on the client's connection", client);
            Readiness.waitUntil(System.nanoTime() + Duration.ofMillis(REQUEST_TIMEOUT_MS).plus(KafkaBounds.SCHEDULING).toNanos(),
                    "the producer timed out its request in the hole (closed its connection)", () -> closes(p) > closedBeforeHole);
            double stalledFor = (System.nanoTime() - t0) / 1e9;
            assertFalse(stalled.isDone(), "nothing passes the black hole, even after the producer's request timed out");
            proxy.remove("hole");
            stalled.get(30, TimeUnit.SECONDS);
            System.out.printf("MEASURED proxy-blackhole: a send stalled %.1f s in the hole (past its request timeout),"
                    + " acknowledged %.1f s after it was sent%n", stalledFor, (System.nanoTime() - t0) / 1e9);
            double closedBefore = closes(p);
            proxy.add(ProtocolRule.of("reset", "reset", List.of()));
            // the reset is done on the proxy's event loop after add() returns: wait until it reset this producer's
            // connection, so that the close the producer must see is one the proxy did
            awaitAction("reset", "reset the client's connection (TCP RST)", client);
            proxy.remove("reset");
            p.send(new ProducerRecord<>(topic, 0, "k", "after-the-reset")).get(30, TimeUnit.SECONDS);
            assertTrue(closes(p) > closedBefore, "the producer saw its connection closed: " + closedBefore + " -> " + closes(p));
        }
        action("hole", "threw away");
        action("reset", "reset the client's connection (TCP RST)");
        assertEquals(List.of("warm", "after-the-hole", "after-the-reset"), values(topic));
    }

    @Test
    void aBandwidthLimitPacesALargeSendToTheRateAndSlicesKeepEveryByte() throws Exception {
        String topic = topic("bandwidth");
        // 48 KB through 64 KB/s: about 0.75 s, inside the producer's 2 s request timeout
        String big = "x".repeat(48 * 1024);
        try (KafkaProducer<String, String> p = producer(true, 10)) {
            p.send(new ProducerRecord<>(topic, 0, "k", "warm")).get(30, TimeUnit.SECONDS);
            // the unlimited time as a median of several sends, so that one send slowed by the machine cannot pass
            // for the limit's effect being absent (the limited send is a lower bound: load only lengthens it)
            List<Double> frees = new ArrayList<>();
            for (int i = 0; i < FREE_SENDS; i++) {
                long t0 = System.nanoTime();
                p.send(new ProducerRecord<>(topic, 0, "k", big)).get(30, TimeUnit.SECONDS);
                frees.add((System.nanoTime() - t0) / 1e9);
            }
            frees.sort(null);
            double free = frees.get(FREE_SENDS / 2);
            proxy.add(ProtocolRule.of("bw", "bandwidth", List.of()).withRate(64 * 1024));
            double paced;
            try {
                long t1 = System.nanoTime();
                p.send(new ProducerRecord<>(topic, 0, "k", big)).get(30, TimeUnit.SECONDS);
                paced = (System.nanoTime() - t1) / 1e9;
            } finally {
                proxy.remove("bw");
            }
            System.out.printf("MEASURED proxy-bandwidth 64 KB/s: a 48 KB send took %.2f s unlimited, %.2f s limited%n", free, paced);
            assertTrue(paced >= 0.6 && paced > free + 0.4, "48 KB through 64 KB/s takes about 0.75 s: " + paced + " vs " + free);

            proxy.add(ProtocolRule.of("slice", "slice", List.of()).withSlices(8).withDelay(1, 1, false));
            try {
                p.send(new ProducerRecord<>(topic, 0, "k", "sliced")).get(30, TimeUnit.SECONDS);
            } finally {
                proxy.remove("slice");
            }
        }
        action("bw", "paced");
        action("slice", "slices");
        long slices = actions.stream().filter(a -> a.path("rule").asText().startsWith("slice") && a.path("did").asText().startsWith("wrote in "))
                .mapToLong(a -> Long.parseLong(a.path("did").asText().replaceAll("^wrote in (\\d+) slices.*$", "$1"))).max().orElse(0);
        System.out.println("MEASURED proxy-slice 8 bytes: the largest write to the producer went out in " + slices + " slices");
        assertTrue(slices >= 2, "a response cut into slices: " + actions);
        List<String> expected = new ArrayList<>(List.of("warm"));
        for (int i = 0; i <= FREE_SENDS; i++) expected.add(big);
        expected.add("sliced");
        assertEquals(expected, values(topic), "every byte arrived, in order");
    }

    private static double medianSendMs(KafkaProducer<String, String> p, String topic, int n) throws Exception {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            p.send(new ProducerRecord<>(topic, 0, "k", "v" + i)).get(30, TimeUnit.SECONDS);
            ms.add((System.nanoTime() - t0) / 1e6);
        }
        ms.sort(null);
        return ms.get(ms.size() / 2);
    }

    private static double closes(KafkaProducer<String, String> p) {
        return p.metrics().entrySet().stream().filter(e -> e.getKey().name().equals("connection-close-total")
                && e.getKey().group().equals("producer-metrics")).mapToDouble(e -> (Double) e.getValue().metricValue()).sum();
    }

    private KafkaProducer<String, String> producer(boolean idempotent, int retries) {
        return producer(idempotent, retries, "test-" + (idempotent ? "idem" : "plain") + "-" + System.nanoTime());
    }

    private KafkaProducer<String, String> producer(boolean idempotent, int retries, String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, String.valueOf(idempotent));
        p.put(ProducerConfig.RETRIES_CONFIG, String.valueOf(retries));
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "20000");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    private String topic(String name) throws Exception {
        admin.createTopics(List.of(new NewTopic(name, 1, (short) 3))).all().get(30, TimeUnit.SECONDS);
        // a new topic's replicas all start fetching at once: at most a rejoin (registration, then catching up)
        Readiness.awaitFullIsr(admin, name, System.nanoTime() + bounds.rejoin().toNanos());
        return name;
    }

    private long endOffset(String topic) {
        try (KafkaConsumer<String, String> c = consumer()) {
            TopicPartition tp = new TopicPartition(topic, 0);
            return c.endOffsets(List.of(tp)).get(tp);
        }
    }

    private List<String> values(String topic) {
        try (KafkaConsumer<String, String> c = consumer()) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long end = c.endOffsets(List.of(tp)).get(tp);
            List<String> out = new ArrayList<>();
            long deadline = System.nanoTime() + 30 * SECOND;
            while (c.position(tp) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) out.add(r.value());
            }
            return out;
        }
    }

    private KafkaConsumer<String, String> consumer() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, nodes.bootstrapServers());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(p);
    }

    private void awaitAction(String rule, int count) {
        Readiness.waitUntil(System.nanoTime() + 30 * SECOND, count + " proxy action(s) of rule " + rule,
                () -> actions.stream().filter(a -> a.path("rule").asText().equals(rule)).count() >= count);
    }

    /** Waits until the proxy recorded an action of this rule whose {@code did} contains {@code did}, on this client's connection. */
    private void awaitAction(String rulePrefix, String did, String client) {
        Readiness.waitUntil(System.nanoTime() + 30 * SECOND, "a proxy action '" + did + "' on " + client + "'s connection",
                () -> actions.stream().anyMatch(a -> a.path("rule").asText().startsWith(rulePrefix) && a.path("did").asText().contains(did)
                        && a.path("client").asText().equals(client)));
    }

    /** The proxy's recorded action of this rule whose {@code did} contains {@code did}. */
    private ObjectNode action(String rulePrefix, String did) {
        Readiness.waitUntil(System.nanoTime() + 30 * SECOND, "a proxy action '" + did + "'",
                () -> actions.stream().anyMatch(a -> a.path("rule").asText().startsWith(rulePrefix) && a.path("did").asText().contains(did)));
        ObjectNode a = actions.stream().filter(x -> x.path("rule").asText().startsWith(rulePrefix) && x.path("did").asText().contains(did))
                .findFirst().orElseThrow();
        System.out.println("proxy action: " + a);
        return a;
    }
}
