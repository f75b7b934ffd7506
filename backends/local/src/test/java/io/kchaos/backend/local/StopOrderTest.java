package io.kchaos.backend.local;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StopOrderTest {

    @Test
    void aDumpingDedicatedControllerStopsLastSoTheBrokersKeepTheirQuorum() {
        StopOrder o = StopOrder.of(List.of(1, 2, 3), List.of(4), List.of(4));
        assertEquals(new StopOrder(List.of(), List.of(1, 2, 3), List.of(), List.of(4)), o);
    }

    @Test
    void aDumpingBrokerStopsFirstWhileTheQuorumRuns() {
        assertEquals(new StopOrder(List.of(2), List.of(1, 3), List.of(), List.of()), StopOrder.of(List.of(1, 2, 3), List.of(), List.of(2)));
        assertEquals(new StopOrder(List.of(1), List.of(2, 3), List.of(4, 6), List.of(5)),
                StopOrder.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of(1, 5)));
    }

    @Test
    void withoutADumpEveryNodeStopsInParallelBrokersFirst() {
        assertEquals(new StopOrder(List.of(), List.of(1, 2, 3), List.of(4, 5, 6), List.of()), StopOrder.of(List.of(1, 2, 3), List.of(4, 5, 6), List.of()));
    }
}
