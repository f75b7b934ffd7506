package io.kchaos.backend.local;

import java.util.List;

/**
 * The order of a local cluster's final stop. A node dumping a class-data archive writes it only at a clean exit, so it
 * is stopped alone and never released: a broker (combined or not) first, while the quorum it needs for its controlled
 * shutdown still runs; a dedicated controller last, after every broker's controlled shutdown was approved and the other
 * controllers stopped (stopping it first would leave the brokers no quorum to approve theirs: each would wait until its
 * stop's grace ran out and be killed). Everything else stops in parallel under the last voters' release, brokers before
 * controllers.
 */
record StopOrder(List<Integer> dumpingBrokers, List<Integer> brokers, List<Integer> controllers, List<Integer> dumpingControllers) {

    /** The order for brokers {@code brokerIds}, dedicated controllers {@code controllerIds}, of which {@code dumping} dump an archive. */
    static StopOrder of(List<Integer> brokerIds, List<Integer> controllerIds, List<Integer> dumping) {
        return new StopOrder(brokerIds.stream().filter(dumping::contains).toList(),
                brokerIds.stream().filter(id -> !dumping.contains(id)).toList(),
                controllerIds.stream().filter(id -> !dumping.contains(id)).toList(),
                controllerIds.stream().filter(dumping::contains).toList());
    }
}
