package io.kchaos.backend.local.producer;

import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.LoopbackHosts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.cause.DedupWindowCause;
import io.kchaos.checker.replica.BrokerLogDir;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.checker.result.Verdict;
import io.kchaos.history.Json;
import io.kchaos.history.folder.ResultsFields;
import io.kchaos.checker.replica.LogCursor;
import io.kchaos.checker.replica.LogEvent;
import io.kchaos.cluster.ClusterSpec;
import io.kchaos.cluster.KafkaBounds;
import io.kchaos.cluster.KafkaDistribution;
import io.kchaos.cluster.Readiness;
import io.kchaos.cluster.ServerProperties;
import io.kchaos.cluster.net.IptablesRule;
import io.kchaos.cluster.os.CommandException;
import io.kchaos.cluster.os.CommandRunner;
import io.kchaos.cluster.os.ProcessCommandRunner;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import io.kchaos.workload.SendClient;
import io.kchaos.workload.common.JavaClientKind;
import io.kchaos.workload.rdkafka.RdkafkaClientKind;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Kafka behaviour (docs/findings.md, "A restart shrinks the idempotent producer's duplicate window"): a broker
 * recognises a retry of any of a producer's last five batches as a duplicate, but after a restart, clean or not, only
 * of the last one, because a producer snapshot keeps one batch per producer. An older retry is refused as out of
 * order, and the Java idempotent producer then bumps its epoch and writes the batch again.
 */
@Tag("cluster")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DedupWindowAfterRestartTest {
    private static final KafkaBounds BOUNDS = new KafkaBounds(ServerProperties.harnessDefaults(1));
    private static final CommandRunner RUNNER = new ProcessCommandRunner();
    private static final String RULE_COMMENT = "kchaos-dedup-window-test";
    private static final int RESTART_REQUEST_TIMEOUT_MS = 10_000;
    private static final int CONTROL_REQUEST_TIMEOUT_MS = 3_000;

    @TempDir
    static Path dir;
    private static LocalCluster c;

    @BeforeAll
    static void startBroker() throws Exception {
        ClusterSpec spec = new ClusterSpec(1, KafkaDistribution.bundled(), ServerProperties.harnessDefaults(1), 384, Duration.ofSeconds(90));
        c = new LocalCluster(spec, dir, new LoopbackHosts(), RUNNER);
        c.start();
        try (Admin admin = c.admin()) {
            admin.createTopics(List.of(new NewTopic("raw", 1, (short) 1), new NewTopic("java", 1, (short) 1),
                    new NewTopic("control", 1, (short) 1), new NewTopic("one-in-flight", 1, (short) 1),
                    new NewTopic("librdkafka", 1, (short) 1))).all().get();
        }
    }

    @AfterAll
    static void stopBroker() {
        if (c != null) c.close();
    }

    @Test
    @Order(1)
    void aRestartedBrokerRefusesARetryOfAnOlderBatch() throws Exception {
        RawProduceClient raw = new RawProduceClient("127.0.0.1", c.node(1).clientPort());
        RawProduceClient.ProducerId pid = awaitProducerId(raw);
        for (int seq = 0; seq < 3; seq++) assertEquals(new RawProduceClient.Answer(Errors.NONE, seq), raw.send("raw", pid, seq, "v" + seq));
        // positive control: before a restart, a retry of an older batch of the last five is answered with its offset
        assertEquals(new RawProduceClient.Answer(Errors.NONE, 1), raw.send("raw", pid, 1, "v1"), "a retry before the restart");

        c.stop(1);
        c.start(1);
        awaitAnswer(raw, pid);  // the last batch is still known: its retry gets offset 2
        assertEquals(Errors.OUT_OF_ORDER_SEQUENCE_NUMBER, raw.send("raw", pid, 1, "v1").error(),
                "after a clean restart the broker no longer knows batch 1, which its log holds at offset 1");

        c.kill(1);
        c.start(1);
        awaitAnswer(raw, pid);
        assertEquals(Errors.OUT_OF_ORDER_SEQUENCE_NUMBER, raw.send("raw", pid, 1, "v1").error(), "after a crash and recovery too");
        assertTrue(Files.readString(c.logFile(1), StandardCharsets.UTF_8).contains("(incoming seq. number)"),
                "the broker logs its out-of-order refusal");
    }

    @Test
    @Order(2)
    void theJavaProducerWritesRetriedRecordsTwiceAcrossARestart() throws Exception {
        // The Java producer: five batches appended while their responses are lost, then the broker restarts
        Outcome control = sendWithLostResponses("control", false, 5, javaProducer(CONTROL_REQUEST_TIMEOUT_MS, 5));
        assertTrue(control.allAcknowledged() && control.everyRecordOnce(), "without a restart every record once: " + control);
        Outcome java = sendWithLostResponses("java", true, 5, javaProducer(RESTART_REQUEST_TIMEOUT_MS, 5));
        assertTrue(java.allAcknowledged() && java.someRecordTwice(), "a retried record written twice: " + java);

        // the verdict's explanation, from this broker's own files: every record written twice is explained
        CheckResult judged = new CheckResult();
        java.log().forEach((value, offsets) -> {
            if (offsets.size() < 2) return;
            ObjectNode dup = Json.object().put("value", value);
            offsets.forEach(o -> dup.withArray("reads").add(Json.object().put("partition", 0).put("offset", o)));
            judged.anomaly(Anomalies.DUPLICATE.key(), dup);
        });
        DedupWindowCause.explain(judged, "java", c.logDirs().get(1), Map.of(1, c.logFile(1)));
        JsonNode cause = judged.toJson().path(ResultsFields.ANOMALIES).path("duplicate").path(ResultsFields.Anomaly.KNOWN_CAUSES).path(0);
        assertEquals(judged.count(Anomalies.DUPLICATE.key()), cause.path(ResultsFields.KnownCause.EXPLAINED).asLong(), "every duplicate explained: " + cause);
        assertEquals(Verdict.INVALID, judged.verdict());
    }

    @Test
    @Order(3)
    void oneRequestInFlightKeepsEveryRecordOnceAcrossTheSameRestart() throws Exception {
        // the mitigation: one batch in flight is the last batch, and a snapshot keeps the last batch
        Outcome once = sendWithLostResponses("one-in-flight", true, 1, javaProducer(RESTART_REQUEST_TIMEOUT_MS, 1));
        assertTrue(once.allAcknowledged() && once.everyRecordOnce(), "every record once: " + once);
    }

    @Test
    @Order(4)
    void librdkafkaFailsTheRefusedRetriesAsFatalThoughTheLogHoldsThem() throws Exception {
        // librdkafka 2.0.2 (Debian's, under python3-confluent-kafka 1.7.0) takes the refusal of a retry as a fatal
        // error of the idempotent producer: those records are reported failed, yet the broker's log holds them once
        Assumptions.assumeTrue(Files.isExecutable(Path.of(RdkafkaClientKind.python())), "no " + RdkafkaClientKind.python());
        Outcome rd = sendWithLostResponses("librdkafka", true, 5, topic -> RdkafkaClientKind
                .probe(RdkafkaClientKind.python(), Map.of(), Map.of())
                .sender(c.bootstrapServers(), topic, "dedup-window-librdkafka", Map.of(
                        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5",
                        ProducerConfig.LINGER_MS_CONFIG, "0",
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(RESTART_REQUEST_TIMEOUT_MS),
                        "socket.timeout.ms", String.valueOf(RESTART_REQUEST_TIMEOUT_MS),  // so that it gives the connection up
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "180000")));
        List<String> refused = rd.answers().entrySet().stream().filter(e -> e.getValue().startsWith("OutOfOrderSequenceException"))
                .map(Map.Entry::getKey).toList();
        assertTrue(!refused.isEmpty(), "a retry refused as out of order fails its record: " + rd);
        assertTrue(rd.everyRecordOnce() && refused.stream().allMatch(rd.log()::containsKey),
                "the records reported failed are in the log, once: " + rd);
    }

    /** What the producer was told of its five records ({@code v1}: offset, or the error's name), and the topic's log: each value's offsets. */
    private record Outcome(Map<String, String> answers, Map<String, List<Long>> log) {
        boolean everyRecordOnce() {
            return log.values().stream().allMatch(offsets -> offsets.size() == 1);
        }

        boolean someRecordTwice() {
            return log.values().stream().anyMatch(offsets -> offsets.size() == 2);
        }

        boolean allAcknowledged() {
            return answers.values().stream().allMatch(a -> a.matches("\\d+"));
        }
    }

    /**
     * Sends a warm-up record, then drops every packet the broker sends on the producer's connections (a one-way
     * partition: requests arrive, responses are lost), sends five records, waits until the broker has appended as many
     * of them as can be in flight (two at most), restarts the broker or not, and lifts the drop once the producer has
     * given up those connections (its request timeout): lifted earlier, the kernel's retransmissions of the lost
     * responses would still deliver them, even from a stopped broker's orphaned socket.
     */
    private static Outcome sendWithLostResponses(String topic, boolean restart, int inFlight,
                                                                 Function<String, SendClient> clients) throws Exception {
        int port = c.node(1).clientPort();
        List<IptablesRule> rules = new ArrayList<>();
        Map<String, String> answers = new TreeMap<>();
        // With a restart, the request timeout (10 s) outlasts the stop, so the producer retries only once the broker is
        // down and its retries reach the restarted broker; without one they reach the same broker, whose window holds them
        SendClient producer = clients.apply(topic);
        try {
            send(producer, topic, "warm-up").get(60, TimeUnit.SECONDS);
            List<Integer> clientPorts = peersOf(port);
            assertTrue(!clientPorts.isEmpty(), "the producer's connections are found");
            for (int clientPort : clientPorts) {
                IptablesRule rule = new IptablesRule(null, "OUTPUT", List.of("-o", "lo", "-p", "tcp", "--sport", String.valueOf(port),
                        "--dport", String.valueOf(clientPort)), RULE_COMMENT, List.of("DROP"), true);
                rule.add(RUNNER);
                rules.add(rule);
            }
            List<CompletableFuture<RecordMetadata>> sends = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                sends.add(send(producer, topic, "v" + i));
                Thread.sleep(100);
            }
            int appended = Math.min(2, inFlight);
            Readiness.waitUntil(System.nanoTime() + TimeUnit.SECONDS.toNanos(10), "the broker appended " + appended + " of the five",
                    () -> batches(c.logDirs().get(1).get(0), topic) >= 1 + appended);
            if (restart) {
                c.stop(1);
                c.start(1);
            }
            Readiness.waitUntil(System.nanoTime() + TimeUnit.SECONDS.toNanos(40), "the producer gave up its connections",
                    () -> {
                        for (int clientPort : clientPorts) if (!peersOf(clientPort).isEmpty()) return false;
                        return true;
                    });
            while (!rules.isEmpty()) rules.remove(0).delete(RUNNER);
            for (int i = 0; i < sends.size(); i++) answers.put("v" + (i + 1), answer(sends.get(i)));
        } finally {
            producer.close(Duration.ofSeconds(5));
            for (IptablesRule rule : rules) {
                try {
                    rule.delete(RUNNER);
                } catch (CommandException stillTried) {
                    System.err.println("cannot remove " + rule.spec() + ": " + stillTried.getMessage());
                }
            }
        }
        return new Outcome(answers, read(c.bootstrapServers(), topic));
    }

    private static String answer(CompletableFuture<RecordMetadata> send) throws InterruptedException, TimeoutException {
        try {
            return String.valueOf(send.get(BOUNDS.rejoin().toSeconds() + 60, TimeUnit.SECONDS).offset());
        } catch (ExecutionException e) {
            return e.getCause().getClass().getSimpleName() + ": " + e.getCause().getMessage();
        }
    }

    private static CompletableFuture<RecordMetadata> send(SendClient producer, String topic, String value) {
        CompletableFuture<RecordMetadata> done = new CompletableFuture<>();
        producer.send(topic, 0, null, value, (metadata, error) -> {
            if (error != null) done.completeExceptionally(error);
            else done.complete(metadata);
        });
        return done;
    }

    private static RawProduceClient.ProducerId awaitProducerId(RawProduceClient raw) {
        RawProduceClient.ProducerId[] got = new RawProduceClient.ProducerId[1];
        Readiness.waitUntil(System.nanoTime() + BOUNDS.rejoin().toNanos(), "a producer id", () -> {
            try {
                got[0] = raw.initProducerId();
                return true;
            } catch (RuntimeException notYet) {
                return false;  // the transaction coordinator is still loading
            }
        });
        return got[0];
    }

    /** Waits until the restarted broker answers a retry of the producer's last batch (sequence 2) with its offset. */
    private static void awaitAnswer(RawProduceClient raw, RawProduceClient.ProducerId pid) {
        Readiness.waitUntil(System.nanoTime() + BOUNDS.rejoin().toNanos(), "the restarted broker answers", () -> {
            try {
                RawProduceClient.Answer a = raw.send("raw", pid, 2, "v2");
                if (a.error() == Errors.NONE) assertEquals(2, a.offset(), "the last batch is a duplicate at its offset");
                return a.error() == Errors.NONE;
            } catch (RuntimeException notYet) {
                return false;
            }
        });
    }

    /** The peer ports of the connections established from local port {@code localPort}. */
    private static List<Integer> peersOf(int localPort) {
        String out = RUNNER.check("ss", "-Htn", "state", "established", "( sport = :" + localPort + " )").stdout();
        List<Integer> ports = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4) ports.add(Integer.parseInt(f[3].substring(f[3].lastIndexOf(':') + 1)));
        }
        return ports;
    }

    private static long batches(Path logDir, String topic) {
        try (LogCursor cursor = BrokerLogDir.open(logDir, t -> t.equals(topic)).partitions().get(0).openCursor()) {
            long n = 0;
            for (LogEvent e = cursor.next(); e != null; e = cursor.next()) n++;
            return n;
        }
    }

    /** The Java idempotent producer (the 4.1.1 client kchaos bundles), behind the client seam the workloads use. */
    private static Function<String, SendClient> javaProducer(int requestTimeoutMs, int inFlight) {
        return topic -> {
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, c.bootstrapServers());
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, inFlight);
            p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
            p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, requestTimeoutMs);
            p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 180_000);
            return JavaClientKind.sender(new KafkaProducer<>(p, new StringSerializer(), new StringSerializer()));
        };
    }

    private static Map<String, List<Long>> read(String bootstrap, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            Map<String, List<Long>> offsets = new TreeMap<>();
            while (consumer.position(tp) < end) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                    offsets.computeIfAbsent(r.value(), v -> new ArrayList<>()).add(r.offset());
                }
            }
            return offsets;
        }
    }
}
