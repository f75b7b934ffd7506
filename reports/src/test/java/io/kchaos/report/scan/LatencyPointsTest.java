package io.kchaos.report.scan;

import io.kchaos.history.OpType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyPointsTest {
    @Test
    void manyPointsAreCappedButRareOutcomesAndOutliersStay() {
        LatencyPoints points = new LatencyPoints(2_000);
        Random r = new Random(1);
        for (int i = 0; i < 500_000; i++) {
            points.add(i * 1_000_000L, 2_000_000L + r.nextInt(3_000_000), OpType.OK);
        }
        points.add(250_000_000_000L, 9_000_000_000L, OpType.OK);
        points.add(100_000_000_000L, 5_000_000_000L, OpType.INFO);
        points.add(300_000_000_000L, 1_000_000L, OpType.FAIL);
        List<LatencyPoints.Point> kept = points.points();
        assertTrue(kept.size() <= 2_000, "capped: " + kept.size());
        assertTrue(kept.size() > 500, "but not thinned to nothing: " + kept.size());
        assertEquals(1, kept.stream().filter(p -> p.type() == OpType.INFO).count());
        assertEquals(1, kept.stream().filter(p -> p.type() == OpType.FAIL).count());
        assertTrue(kept.stream().anyMatch(p -> p.latency() == 9_000_000_000L), "the outlier keeps its own cell");
        assertEquals(OpType.FAIL, kept.get(kept.size() - 1).type(), "rare outcomes are drawn last, on top");
        assertEquals(500_001, points.total(OpType.OK));
    }

    @Test
    void fewPointsAreAllKept() {
        LatencyPoints points = new LatencyPoints(2_000);
        for (int i = 0; i < 100; i++) points.add(i * 50_000_000L, 3_000_000L, OpType.OK);
        assertEquals(100, points.points().size());
    }
}
