package io.kchaos.checker.queue;

import io.kchaos.history.HistoryFormatException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values of the wrong shape are refused naming the op, never judged. */
class ValueValidationTest {
    @Test
    void aNegativeEndOffsetIsRefused() {
        var h = new HistoryBuilder().send(0, 1, 0, 0).drain(1, Map.of(0, -1L)).build();
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> new QueueChecker().check(h));
        assertTrue(e.getMessage().contains("negative end offset -1 of partition 0"), e.getMessage());
    }

    @Test
    void aNegativeRecordOffsetIsRefused() {
        var h = new HistoryBuilder().send(0, 1, 0, 0).drain(1, Map.of(0, 1L), HistoryBuilder.rec(0, -3, 1)).build();
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> new QueueChecker().check(h));
        assertTrue(e.getMessage().contains("negative record offset -3"), e.getMessage());
    }
}
