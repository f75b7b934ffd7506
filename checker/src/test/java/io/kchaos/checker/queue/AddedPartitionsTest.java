package io.kchaos.checker.queue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kchaos.checker.result.Anomalies;
import io.kchaos.checker.result.CheckResult;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.kchaos.checker.queue.Checks.assertOnly;
import static io.kchaos.checker.queue.Checks.assertValid;
import static io.kchaos.checker.queue.Checks.check;
import static io.kchaos.checker.queue.Checks.example;
import static io.kchaos.checker.queue.HistoryBuilder.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A topic that grew from 3 to 5 partitions mid-run: its new partitions are judged like the first ones. */
class AddedPartitionsTest {
    /** Partitions 0 and 4 each take two acknowledged writes, partition 3 one; the drain reads all of them. */
    private static HistoryBuilder grown() {
        return new HistoryBuilder().send(0, 1, 0, 0).send(0, 2, 0, 1)
                .send(1, 3, 3, 0).send(2, 4, 4, 0).send(2, 5, 4, 1);
    }

    @Test
    void writesReadOnAddedPartitionsAreValid() {
        HistoryBuilder h = grown().drain(9, Map.of(0, 2L, 1, 0L, 2, 0L, 3, 1L, 4, 2L),
                rec(0, 0, 1), rec(0, 1, 2), rec(3, 0, 3), rec(4, 0, 4), rec(4, 1, 5));
        CheckResult r = check(h);
        assertValid(r);
        assertEquals(0, r.stats().get("unseen").asLong());
        ObjectNode g = PartitionGrowth.figures(h.build(), 3, 5);
        assertEquals(3, g.get("at-start").asInt());
        assertEquals(5, g.get("at-end").asInt());
        assertEquals(3, g.get("acknowledged-on-added").asLong());
        assertEquals(3, g.get("read-on-added").asLong());
    }

    @Test
    void anAcknowledgedWriteMissingFromAnAddedPartitionsDrainIsLost() {
        HistoryBuilder h = grown().drain(9, Map.of(0, 2L, 1, 0L, 2, 0L, 3, 1L, 4, 2L),
                rec(0, 0, 1), rec(0, 1, 2), rec(3, 0, 3), rec(4, 0, 4));
        CheckResult r = check(h);
        assertOnly(r, Anomalies.LOST_WRITE.key(), 1);
        ObjectNode ex = example(r, Anomalies.LOST_WRITE.key(), 0);
        assertEquals(4, ex.get("partition").asInt());
        assertEquals(1, ex.get("offset").asLong());
        assertEquals(5, ex.get("value").asLong());
    }

    @Test
    void aTopicThatDidNotGrowHasNothingOnAddedPartitions() {
        ObjectNode g = PartitionGrowth.figures(grown().build(), 5, 0);
        assertEquals(5, g.get("at-end").asInt(), "an end count unknown (no final describe) is the start count");
        assertEquals(0, g.get("acknowledged-on-added").asLong());
        assertEquals(0, g.get("read-on-added").asLong());
    }
}
