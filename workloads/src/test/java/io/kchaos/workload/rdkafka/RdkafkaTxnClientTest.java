package io.kchaos.workload.rdkafka;

import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The transactional producer's calls against fake drivers: the ops and timeouts asked, the answers, the errors' types. */
class RdkafkaTxnClientTest {
    private static final Duration BLOCK = Duration.ofMillis(1500);
    private static final Duration DELIVERY = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    private RdkafkaTxnClient client(String body) throws Exception {
        return new RdkafkaTxnClient(DriverProcess.start(FakeDriver.write(dir, body)), "t", BLOCK, DELIVERY);
    }

    @Test
    void aCommittedAndAnAbortedTransactionAskTheDriversOpsWithTheirTimeouts() throws Exception {
        Path log = dir.resolve("requests");
        RdkafkaTxnClient c = client("""
                while read -r l; do
                  i=$(id "$l"); echo "$l" | sed 's/^{"id":[0-9]*,//' >> LOG
                  case "$l" in
                    *'"op":"produce"'*) p=$(sed 's/.*"partition":\\([0-9]*\\).*/\\1/' <<< "$l"); echo '{"id":'$i',"partition":'$p',"offset":'$((40 + i))'}';;
                    *'"op":"close"'*) echo '{"id":'$i',"unflushed":0}'; exit 0;;
                    *) echo '{"id":'$i'}';;
                  esac
                done""".replace("LOG", log.toString()));
        c.initTransactions();
        c.beginTransaction();
        Future<RecordMetadata> a = c.send("t", 1, "k1", "1");
        Future<RecordMetadata> b = c.send("t", 2, "k2", "2");
        c.flush();
        assertEquals(List.of(1, 43L), List.of(a.get(0, TimeUnit.SECONDS).partition(), a.get().offset()), "complete once flush returned");
        assertEquals(44, b.get(0, TimeUnit.SECONDS).offset());
        c.commitTransaction();
        c.beginTransaction();
        c.send("t", 0, "k3", "3");
        c.flush();
        c.abortTransaction();
        c.close(Duration.ofSeconds(1));
        assertEquals(List.of(
                "\"op\":\"init-transactions\",\"timeout\":1.5}",
                "\"op\":\"begin-transaction\",\"timeout\":0.0}",
                "\"op\":\"produce\",\"partition\":1,\"key\":\"k1\",\"value\":\"1\"}",
                "\"op\":\"produce\",\"partition\":2,\"key\":\"k2\",\"value\":\"2\"}",
                "\"op\":\"flush\",\"timeout\":3.0}",
                "\"op\":\"commit-transaction\",\"timeout\":1.5}",
                "\"op\":\"begin-transaction\",\"timeout\":0.0}",
                "\"op\":\"produce\",\"partition\":0,\"key\":\"k3\",\"value\":\"3\"}",
                "\"op\":\"flush\",\"timeout\":3.0}",
                "\"op\":\"abort-transaction\",\"timeout\":1.5}",
                "\"op\":\"close\",\"timeout\":1.0}"), Files.readAllLines(log));
    }

    @Test
    void eachErrorClassIsThrownAsTheBuiltInClientsException() throws Exception {
        RdkafkaTxnClient c = client("""
                aborts=0
                while read -r l; do
                  i=$(id "$l")
                  case "$l" in
                    *'"op":"init-transactions"'*) echo '{"id":'$i',"error":"Timed out","code":-185,"name":"_TIMED_OUT","retriable":true,"fatal":false,"abortable":false}';;
                    *'"op":"produce"'*) echo '{"id":'$i',"error":"Erroneous state","code":-172,"name":"_STATE","retriable":false,"fatal":false,"abortable":false,"local":true}';;
                    *'"op":"commit-transaction"'*) echo '{"id":'$i',"error":"Not enough in-sync replicas","code":19,"name":"NOT_ENOUGH_REPLICAS","retriable":false,"fatal":false,"abortable":true}';;
                    *'"op":"abort-transaction"'*)
                      aborts=$((aborts + 1))
                      if [ $aborts = 1 ]; then echo '{"id":'$i',"error":"Fenced","code":-144,"name":"_FENCED","retriable":false,"fatal":true,"abortable":false}'
                      else echo '{"id":'$i',"error":"Inconsistent","code":-149,"name":"_INCONSISTENT","retriable":false,"fatal":true,"abortable":false}'; fi;;
                    *'"op":"close"'*) echo '{"id":'$i',"unflushed":0}'; exit 0;;
                    *) echo '{"id":'$i'}';;
                  esac
                done""");
        assertEquals("librdkafka _TIMED_OUT: Timed out", assertThrows(TimeoutException.class, c::initTransactions).getMessage());
        c.beginTransaction();
        ExecutionException send = assertThrows(ExecutionException.class, () -> c.send("t", 0, "k", "v").get(5, TimeUnit.SECONDS));
        assertSame(KafkaException.class, send.getCause().getClass());
        assertThrows(TransactionAbortableException.class, c::commitTransaction);
        assertThrows(ProducerFencedException.class, c::abortTransaction);
        KafkaException fatal = assertThrows(KafkaException.class, c::abortTransaction);
        assertEquals("fatal librdkafka _INCONSISTENT: Inconsistent", fatal.getMessage());
        assertThrows(KafkaException.class, () -> c.send("u", 0, "k", "v"), "a driver writes its one topic");
        c.close(Duration.ofSeconds(1));
    }
}
