package io.kchaos.workload.txn;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The txn workload's options, and transactions planned in rounds. */
class TxnOptionsTest {
    @Test
    void defaultsAreOneRoundOfUpToFourSends() {
        assertEquals(new TxnOptions(0.1, 0.25, 4, 1), TxnOptions.parse(Map.of()));
    }

    @Test
    void sendRoundsAndMaxSendsAreWholeNumbers() {
        assertEquals(new TxnOptions(0.5, 0, 2, 3),
                TxnOptions.parse(Map.of("send-rounds", "3", "max-sends", "2", "abort-rate", "0.5", "poll-rate", "0")));
        assertEquals("txn option send-rounds must be a whole number from 1 to 10, not '0'", refusal("send-rounds", "0"));
        assertEquals("txn option send-rounds must be a whole number from 1 to 10, not '1.5'", refusal("send-rounds", "1.5"));
        assertEquals("txn option max-sends must be a whole number from 1 to 100, not 'many'", refusal("max-sends", "many"));
        assertEquals("unknown option 'rounds' for workload txn; known: abort-rate, max-sends, poll-rate, producer-lifetime, send-rounds, stall-at-epoch, stall-ms, stall-then",
                refusal("rounds", "2"));
    }

    @Test
    void theGeneratorPlansEveryRoundWithOneToMaxSends() {
        TxnGenerator g = new TxnGenerator(7, new AtomicLong(), 3, new TxnOptions(0, 0, 3, 2));
        for (int i = 0; i < 200; i++) {
            TxnSpec t = g.next();
            assertEquals(2, t.rounds().size());
            t.rounds().forEach(n -> assertEquals(true, n >= 1 && n <= 3, t.toString()));
            assertEquals(t.sends().size(), t.rounds().get(0) + t.rounds().get(1));
        }
    }

    @Test
    void theGeneratorSendsToPartitionsTheTopicGains() {
        java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger(3);
        TxnGenerator g = new TxnGenerator(7, new AtomicLong(), count::get, new TxnOptions(0, 0, 3, 1));
        java.util.Set<Integer> before = new java.util.HashSet<>();
        for (int i = 0; i < 100; i++) g.next().sends().forEach(s -> before.add(s.partition()));
        assertEquals(java.util.Set.of(0, 1, 2), before);
        count.set(5);
        java.util.Set<Integer> after = new java.util.HashSet<>();
        for (int i = 0; i < 100; i++) g.next().sends().forEach(s -> after.add(s.partition()));
        assertEquals(java.util.Set.of(0, 1, 2, 3, 4), after);
    }

    @Test
    void aSpecWhoseRoundsDoNotSplitItsSendsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TxnSpec(java.util.List.of(new TxnSpec.Send("k", 1, 0)),
                java.util.List.of(1, 1), false, false));
    }

    private static String refusal(String key, String value) {
        return assertThrows(IllegalArgumentException.class, () -> TxnOptions.parse(Map.of(key, value))).getMessage();
    }
}
