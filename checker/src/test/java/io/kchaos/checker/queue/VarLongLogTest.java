package io.kchaos.checker.queue;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link VarLongLog}: every long back as written, across chunk boundaries, and small numbers in few bytes. */
class VarLongLogTest {
    @Test
    void edgeValuesComeBackAsWritten() {
        long[] edges = {0, 1, -1, 63, -64, 64, -65, 127, 128, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE,
                Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1L << 62, -(1L << 62)};
        VarLongLog log = new VarLongLog();
        for (long v : edges) log.append(v);
        VarLongLog.Reader in = log.reader(0);
        for (long v : edges) assertEquals(v, in.next());
        assertThrows(IndexOutOfBoundsException.class, in::next);
    }

    @Test
    void smallNumbersOfEitherSignTakeOneByteAndAnyLongAtMostTen() {
        VarLongLog log = new VarLongLog();
        log.append(63);
        log.append(-64);
        assertEquals(2, log.end());
        log.append(64);
        assertEquals(4, log.end());
        log.append(Long.MIN_VALUE);
        log.append(Long.MAX_VALUE);
        assertEquals(24, log.end());
    }

    @Test
    void readsFromAnyPositionAcrossChunks() {
        VarLongLog log = new VarLongLog();
        Random random = new Random(7);
        int n = 100_000; // well over one 64 KiB chunk
        long[] written = new long[n];
        long[] positions = new long[n];
        for (int i = 0; i < n; i++) {
            written[i] = switch (random.nextInt(3)) {
                case 0 -> random.nextLong();
                case 1 -> random.nextInt(300) - 150;
                default -> i * 1_000_003L;
            };
            positions[i] = log.end();
            log.append(written[i]);
        }
        VarLongLog.Reader all = log.reader(0);
        for (int i = 0; i < n; i++) assertEquals(written[i], all.next(), "entry " + i);
        for (int i = 0; i < n; i += 997) assertEquals(written[i], log.reader(positions[i]).next(), "entry " + i);
        assertThrows(IndexOutOfBoundsException.class, () -> log.reader(log.end() + 1));
        assertThrows(IndexOutOfBoundsException.class, () -> log.reader(-1));
    }
}
