package io.kchaos.backend.local.producer;

import io.kchaos.backend.local.LocalCluster;
import io.kchaos.backend.local.LoopbackHosts;
import io.kchaos.checker.replica.BrokerLogDir;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
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
import java.util.concurrent.Future;
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
class DedupWindowAfterRestartTest {
    private static final KafkaBounds BOUNDS = new KafkaBounds(ServerProperties.harnessDefaults(1));
    private static final CommandRunner RUNNER = new ProcessCommandRunner();
    private static final String RULE_COMMENT = "kchaos-dedup-window-test";

    @Test
    void aRestartedBrokerRefusesARetryOfAnOlderBatchAndTheJavaProducerWritesItTwice(@TempDir Path dir) throws Exception {
        ClusterSpec spec = new ClusterSpec(1, KafkaDistribution.bundled(), ServerProperties.harnessDefaults(1), 384, Duration.ofSeconds(90));
        try (LocalCluster c = new LocalCluster(spec, dir, new LoopbackHosts(), RUNNER)) {
            c.start();
            try (Admin admin = c.admin()) {
                admin.createTopics(List.of(new NewTopic("raw", 1, (short) 1), new NewTopic("java", 1, (short) 1),
                        new NewTopic("control", 1, (short) 1))).all().get();
            }
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

            // The Java producer: five batches appended while their responses are lost, then the broker restarts
            Map<String, List<Long>> control = sendWithLostResponses(c, "control", false);
            assertTrue(control.values().stream().allMatch(offsets -> offsets.size() == 1), "without a restart every record once: " + control);
            Map<String, List<Long>> java = sendWithLostResponses(c, "java", true);
            assertTrue(java.values().stream().anyMatch(offsets -> offsets.size() == 2), "a retried record written twice: " + java);
            assertTrue(Files.readString(c.logFile(1), StandardCharsets.UTF_8).contains("(incoming seq. number)"),
                    "the broker logs its out-of-order refusal");
        }
    }

    /**
     * Sends a warm-up record, then drops every packet the broker sends on the producer's connections (a one-way
     * partition: requests arrive, responses are lost), sends five records, waits until the broker has appended at least
     * two of them, restarts the broker or not, and lifts the drop once the producer has given up those connections
     * (its request timeout): lifted earlier, the kernel's retransmissions of the lost responses would still deliver
     * them, even from a stopped broker's orphaned socket. Returns the topic's log: each value's offsets.
     */
    private static Map<String, List<Long>> sendWithLostResponses(LocalCluster c, String topic, boolean restart) throws Exception {
        int port = c.node(1).clientPort();
        List<IptablesRule> rules = new ArrayList<>();
        // With a restart, the request timeout (10 s) outlasts the stop, so the producer retries only once the broker is
        // down and its retries reach the restarted broker; without one they reach the same broker, whose window holds them
        try (KafkaProducer<String, String> producer = producer(c.bootstrapServers(), restart ? 10_000 : 3_000)) {
            producer.send(new ProducerRecord<>(topic, 0, null, "warm-up")).get();
            List<Integer> clientPorts = peersOf(port);
            assertTrue(!clientPorts.isEmpty(), "the producer's connections are found");
            for (int clientPort : clientPorts) {
                IptablesRule rule = new IptablesRule(null, "OUTPUT", List.of("-o", "lo", "-p", "tcp", "--sport", String.valueOf(port),
                        "--dport", String.valueOf(clientPort)), RULE_COMMENT, List.of("DROP"), true);
                rule.add(RUNNER);
                rules.add(rule);
            }
            List<Future<RecordMetadata>> sends = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                sends.add(producer.send(new ProducerRecord<>(topic, 0, null, "v" + i)));
                Thread.sleep(100);
            }
            Readiness.waitUntil(System.nanoTime() + TimeUnit.SECONDS.toNanos(10), "the broker appended two of the five",
                    () -> batches(c.logDirs().get(1), topic) >= 3);
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
            for (Future<RecordMetadata> send : sends) send.get(BOUNDS.rejoin().toSeconds() + 60, TimeUnit.SECONDS);
        } finally {
            for (IptablesRule rule : rules) {
                try {
                    rule.delete(RUNNER);
                } catch (CommandException stillTried) {
                    System.err.println("cannot remove " + rule.spec() + ": " + stillTried.getMessage());
                }
            }
        }
        return read(c.bootstrapServers(), topic);
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

    private static KafkaProducer<String, String> producer(String bootstrap, int requestTimeoutMs) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, requestTimeoutMs);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 180_000);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
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
