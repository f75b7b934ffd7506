package io.kchaos.report.scan;

import io.kchaos.history.History;
import io.kchaos.history.Json;
import io.kchaos.history.Op;
import io.kchaos.history.OpCodec;
import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadProgressTest {
    @TempDir
    Path dir;
    private final List<Op> ops = new ArrayList<>();

    private void op(double seconds, int process, OpType type, String f, String value) throws Exception {
        ops.add(new Op(ops.size(), (long) (seconds * 1e9), process, type, f, Json.MAPPER.readTree(value), null));
    }

    private void ack(double t, int partition, long offset) throws Exception {
        op(t, 1, OpType.INVOKE, "send", "{\"key\":\"k0\",\"value\":" + offset + "}");
        op(t, 1, OpType.OK, "send", "{\"key\":\"k0\",\"value\":" + offset + ",\"partition\":" + partition + ",\"offset\":" + offset + "}");
    }

    private void read(double t, int partition, long... offsets) throws Exception {
        StringBuilder records = new StringBuilder();
        for (long o : offsets) {
            if (records.length() > 0) records.append(',');
            records.append("{\"partition\":").append(partition).append(",\"offset\":").append(o)
                    .append(",\"key\":\"k\\\"partition\\\":9,\",\"value\":").append(o).append('}');
        }
        op(t, 2, OpType.INVOKE, "poll", "null");
        op(t, 2, OpType.OK, "poll", "{\"records\":[" + records + "]}");
    }

    /** Partition 1 stalls from 1 s to 4 s: its sends stay unseen, the lag grows, partition 0 goes on. */
    private void stalledPartition() throws Exception {
        ack(0.1, 0, 0);
        ack(0.2, 1, 0);
        read(0.5, 0, 0);
        read(0.5, 1, 0);
        ack(1.2, 0, 1);
        ack(1.3, 1, 1);
        read(1.5, 0, 1);
        ack(2.2, 0, 2);
        read(2.5, 0, 2);
        ack(3.2, 0, 3);
        read(3.5, 0, 3);
        read(4.5, 1, 1);
    }

    @Test
    void countsUnseenSendsAndTheirAgePerSecond() throws Exception {
        stalledPartition();
        ReadProgress p = HistoryScan.scan(History.of(ops), List.of()).progress();
        assertEquals(5, p.seconds());
        assertArrayEquals(new double[] {0, 1, 1, 1, 0}, p.unseen());
        double[] lag = p.lagSeconds();
        assertEquals(0.0, lag[0], 1e-9);
        assertEquals(0.7, lag[1], 1e-9, "the send acknowledged at 1.3 s, unread at 2 s");
        assertEquals(2.7, lag[3], 1e-9);
        assertEquals(0.0, lag[4], 1e-9);
        Map<Integer, double[]> acks = p.acksPerPartition();
        assertArrayEquals(new double[] {1, 1, 1, 1, 0}, acks.get(0));
        assertArrayEquals(new double[] {1, 1, 0, 0, 0}, acks.get(1));
    }

    @Test
    void readingTheBytesGivesWhatParsingGives() throws Exception {
        stalledPartition();
        Path file = dir.resolve("history.jsonl");
        StringBuilder lines = new StringBuilder();
        for (Op op : ops) lines.append(OpCodec.toLine(op)).append('\n');
        Files.writeString(file, lines, StandardCharsets.UTF_8);
        ReadProgress skimmed = HistoryScan.scan(file, List.of()).progress();
        ReadProgress parsed = HistoryScan.scan(History.of(ops), List.of()).progress();
        assertArrayEquals(parsed.unseen(), skimmed.unseen());
        assertArrayEquals(parsed.lagSeconds(), skimmed.lagSeconds());
        assertArrayEquals(parsed.acksPerPartition().get(1), skimmed.acksPerPartition().get(1));
    }

    @Test
    void theByteScannerRefusesWhatItDoesNotUnderstand() {
        ValueOffsets scanner = new ValueOffsets();
        List<long[]> got = new ArrayList<>();
        byte[] ok = "\"value\":{\"records\":[{\"partition\":2,\"offset\":7},{\"offset\":8,\"partition\":3}]}}"
                .getBytes(StandardCharsets.UTF_8);
        assertTrue(scanner.scan(ok, 0, ok.length, (p, o) -> got.add(new long[] {p, o})));
        assertEquals(2, got.size());
        assertArrayEquals(new long[] {3, 8}, got.get(1));
        byte[] torn = "\"value\":{\"records\":[{\"partition\":2,\"offset\":7}".getBytes(StandardCharsets.UTF_8);
        got.clear();
        assertFalse(scanner.scan(torn, 0, torn.length, (p, o) -> got.add(new long[] {p, o})));
        assertTrue(got.isEmpty(), "nothing handed over from a line it could not read to the end");
    }
}
