package io.kchaos.workload.rdkafka;

import io.kchaos.history.Json;
import io.kchaos.workload.ReadRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.WakeupException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java side of the driver protocol against fake drivers: matching by id, errors, the driver's end, wakeup. */
class DriverProcessTest {
    @TempDir
    Path dir;

    private record Outcome(RecordMetadata metadata, Exception error) {
    }

    private static CompletableFuture<Outcome> send(RdkafkaSendClient c, int partition, String value) {
        CompletableFuture<Outcome> f = new CompletableFuture<>();
        c.send("t", partition, "k1", value, (m, e) -> f.complete(new Outcome(m, e)));
        return f;
    }

    @Test
    void reportsAreMatchedByIdAndTheDriversEndFailsWhatIsPendingWithItsReason() throws Exception {
        String fake = FakeDriver.write(dir, """
                read -r a; read -r b; read -r c
                echo "{\\"id\\":$(id "$b"),\\"partition\\":1,\\"offset\\":7}"
                echo "{\\"id\\":$(id "$a"),\\"error\\":\\"Broker: Not enough in-sync replicas\\",\\"code\\":19,\\"name\\":\\"NOT_ENOUGH_REPLICAS\\"}"
                echo "librdkafka said goodbye" >&2
                exit 5""");
        RdkafkaSendClient c = new RdkafkaSendClient(DriverProcess.start(fake), "t");
        CompletableFuture<Outcome> first = send(c, 0, "1");
        CompletableFuture<Outcome> second = send(c, 1, "2");
        CompletableFuture<Outcome> third = send(c, 2, "3");

        Outcome ok = second.get(5, TimeUnit.SECONDS);
        assertNull(ok.error());
        assertEquals(new TopicPartition("t", 1), new TopicPartition(ok.metadata().topic(), ok.metadata().partition()));
        assertEquals(7, ok.metadata().offset());
        assertInstanceOf(NotEnoughReplicasException.class, first.get(5, TimeUnit.SECONDS).error(),
                "a broker's error code becomes the Java client's exception, so the send classifier treats both alike");
        Exception ended = third.get(5, TimeUnit.SECONDS).error();
        assertInstanceOf(KafkaException.class, ended);
        assertEquals("the librdkafka driver ended (exit 5): librdkafka said goodbye", ended.getMessage());
        Exception after = send(c, 0, "4").get(5, TimeUnit.SECONDS).error();
        assertTrue(after.getMessage().contains("exit 5"), "a send after the end fails at once: " + after);
    }

    @Test
    void aPollReturnsTheRecordsAndAWakeupAbortsAPollTheDriverDoesNotAnswer() throws Exception {
        String fake = FakeDriver.write(dir, """
                read -r a
                echo "{\\"id\\":$(id "$a"),\\"records\\":[{\\"partition\\":2,\\"offset\\":5,\\"key\\":null,\\"value\\":\\"42\\"}]}"
                read -r b
                sleep 30""");
        RdkafkaPollClient c = new RdkafkaPollClient(DriverProcess.start(fake), "t");
        assertEquals(List.of(new ReadRecord(2, 5, null, "42")), c.poll(Duration.ofMillis(200)));
        Thread waker = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            c.wakeup();
        });
        waker.start();
        long t0 = System.nanoTime();
        assertThrows(WakeupException.class, () -> c.poll(Duration.ofMillis(200)));
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "the wakeup, not the grace period, ended the poll");
        c.wakeup();
        assertThrows(WakeupException.class, () -> c.poll(Duration.ofMillis(200)), "a wakeup between polls fails the next one");
        c.close(Duration.ZERO);
    }

    @Test
    void theLogStartAndTheEndAreTheLowAndHighWatermarksWhereThePollerIsAssigned() throws Exception {
        Path log = dir.resolve("assigned");
        String fake = FakeDriver.write(dir, """
                while read -r l; do
                  i=$(id "$l")
                  case "$l" in
                    *'"op":"watermarks"'*) echo '{"id":'$i',"low":{"0":3,"1":0},"high":{"0":9,"1":4}}';;
                    *'"op":"assign"'*) echo "$l" | sed 's/.*"offsets"://' >> LOG; echo '{"id":'$i'}';;
                    *) echo '{"id":'$i'}'; exit 0;;
                  esac
                done""".replace("LOG", log.toString()));
        RdkafkaPollClient c = new RdkafkaPollClient(DriverProcess.start(fake), "t");
        List<TopicPartition> both = List.of(new TopicPartition("t", 0), new TopicPartition("t", 1));
        assertEquals(Map.of(both.get(0), 3L, both.get(1), 0L), c.seekToLogStart(both, Duration.ofSeconds(1)));
        assertEquals(Map.of(both.get(0), 9L, both.get(1), 4L), c.seekToEnd(both, Duration.ofSeconds(1)));
        c.close(Duration.ZERO);
        assertEquals(List.of("{\"0\":3,\"1\":0}}", "{\"0\":9,\"1\":4}}"), java.nio.file.Files.readAllLines(log));
    }

    @Test
    void aMissingInterpreterOrModuleIsRefusedInOneLine() throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> RdkafkaClientKind.probe(dir.resolve("no-python").toString(), Map.of(), Map.of()));
        assertTrue(missing.getMessage().startsWith("--client librdkafka needs " + dir.resolve("no-python") + " with the confluent_kafka module"),
                missing.getMessage());
        String noModule = FakeDriver.write(dir, """
                echo '{"id":0,"error":"the Python module confluent_kafka is missing (No module named confluent_kafka)","code":-1}'
                exit 3""");
        IllegalArgumentException m = assertThrows(IllegalArgumentException.class, () -> RdkafkaClientKind.probe(noModule, Map.of(), Map.of()));
        assertTrue(m.getMessage().endsWith("the librdkafka driver ended (exit 3): the Python module confluent_kafka is missing "
                + "(No module named confluent_kafka)"), m.getMessage());
        assertEquals(1, m.getMessage().lines().count());
    }

    @Test
    void aRequestWrittenAfterTheDriverExitedGetsTheDriversReasonNotABrokenPipe() throws Exception {
        String noModule = FakeDriver.write(dir, """
                echo '{"id":0,"error":"the Python module confluent_kafka is missing","code":-1}'
                exit 3""");
        for (int i = 0; i < 12; i++) {
            DriverProcess d = DriverProcess.start(noModule);
            Thread.sleep(i * 5L); // somewhere in here the driver has exited and its pipe is closed, before the reader saw it
            RuntimeException e = assertThrows(RuntimeException.class, () -> d.call("hello", Json.object(), Duration.ofSeconds(10)));
            assertEquals("the librdkafka driver ended (exit 3): the Python module confluent_kafka is missing", e.getMessage());
            d.close(Duration.ofSeconds(1));
        }
    }
}
